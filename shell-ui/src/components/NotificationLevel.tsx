import { useTranslation } from 'react-i18next';
import { formatDateTime, type DateInput } from '@volante/plugin-ui';

/** How pressing a provider's notification is. */
export type NotificationLevel = 'info' | 'warning' | 'urgent';
export const NOTIFICATION_LEVELS: NotificationLevel[] = ['info', 'warning', 'urgent'];

const BADGE: Record<NotificationLevel, string> = {
  info: 'vk-badge level-badge--info',
  warning: 'vk-badge vk-badge--warning',
  urgent: 'vk-badge vk-badge--danger',
};

/** A notification's level as a coloured label: "Información", "Aviso", "Urgente". */
export function LevelBadge({ level }: { level: string }) {
  const { t } = useTranslation();
  const known = (NOTIFICATION_LEVELS as string[]).includes(level) ? (level as NotificationLevel) : 'info';
  return (
    <span className={BADGE[known]} data-level={known}>
      {t(`notificationLevel.${known}`)}
    </span>
  );
}

/** `DD/MM/YYYY - HH:mm` in Europe/Madrid ('' for a missing or invalid date). */
export function formatMinute(value: DateInput): string {
  return formatDateTime(value).replace(/:\d{2}$/, '');
}

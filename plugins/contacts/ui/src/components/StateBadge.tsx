import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { ContactState } from '../api';

const TONE: Record<ContactState, string> = { active: 'success', inactive: 'warning', deleted: 'danger' };

/** Active (green), inactive (yellow) or deleted (red). */
export function StateBadge({ state }: { state: ContactState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge vk-badge--${TONE[state] ?? 'warning'}`} data-testid="contact-state" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}

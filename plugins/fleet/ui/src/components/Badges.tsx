import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { ItvState, PolicyStatus, RecordState } from '../api';

const STATE_TONE: Record<RecordState, string> = { active: 'success', inactive: 'warning', deleted: 'danger' };
const ITV_TONE: Record<ItvState, string> = { ok: 'success', due_soon: 'warning', overdue: 'danger', unknown: 'muted' };
const POLICY_TONE: Record<PolicyStatus, string> = { current: 'success', expiring: 'warning', expired: 'danger', pending: 'muted' };

const badge = (tone: string | undefined) => `vk-badge ${tone === 'muted' || !tone ? 'fleet-badge--muted' : `vk-badge--${tone}`}`;

/** A record's state in the words of its kind: a vehicle "En servicio", a workshop "Activo", a policy "Activa". */
export function StateBadge({ state, of }: { state: RecordState; of: 'vehicle' | 'workshop' | 'policy' }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(STATE_TONE[state])} data-testid="state-badge" data-state={state}>
      {t(`state.${of}.${state}`)}
    </span>
  );
}

/** How a vehicle stands with its ITV (`item.itv.state`): al día, vence pronto, caducada, sin fecha. */
export function ItvBadge({ state }: { state: ItvState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(ITV_TONE[state])} data-testid="itv-badge" data-state={state}>
      {t(`itv.${state}`)}
    </span>
  );
}

/** Where a policy stands today: pendiente, en vigor, por vencer, vencida. */
export function PolicyBadge({ status }: { status: PolicyStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(POLICY_TONE[status])} data-testid="policy-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** Days to a date (a policy's last day, an ITV): "Quedan 12 días", "Hoy", "Hace 3 días". */
export function DaysLeft({ days }: { days: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (days === null || days === undefined) return null;
  if (days === 0) return <>{t('days.today')}</>;
  return <>{days > 0 ? t('days.left', { count: days }) : t('days.ago', { count: -days })}</>;
}

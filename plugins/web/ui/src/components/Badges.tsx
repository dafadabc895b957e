import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { OrderState } from '../api';
import { STATE_TONE } from '../lists';

const badge = (tone: string | undefined) => (tone === 'info' ? 'vk-badge web-badge--info' : tone ? `vk-badge vk-badge--${tone}` : 'vk-badge web-muted-badge');

/** An order's state: Pendiente de pago, Pagado, Configurado, Con errores (the host's name for any other). */
export function OrderStateBadge({ state, name }: { state: OrderState; name?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const known = state in STATE_TONE;
  return (
    <span className={badge(STATE_TONE[state])} data-testid="order-state" data-state={state}>
      {known ? t(`state.${state}`) : (name ?? String(state))}
    </span>
  );
}

/** How Redsys answered one notification: accepted or refused. */
export function ResultBadge({ ok }: { ok: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(ok ? 'success' : 'danger')} data-testid="notification-result" data-ok={ok}>
      {ok ? t('order.notifications.ok') : t('order.notifications.failed')}
    </span>
  );
}

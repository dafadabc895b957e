import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/**
 * A student's new PIN, shown once and large: "Apunte el PIN: no se volverá a mostrar". It stays
 * until "Ya lo he apuntado" (the host keeps only its hash: it cannot be shown again).
 */
export function PinNotice({ pin, name, dni, onDismiss }: { pin: string; name: string; dni?: string; onDismiss(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="vk-alert vk-alert--success valkiria-pin" role="alert" data-testid="pin-notice">
      <p className="valkiria-pin__who">{dni ? t('pin.forNamed', { name, dni }) : t('pin.for', { name })}</p>
      <p className="valkiria-pin__value" data-testid="pin-value" aria-label={t('pin.label')}>
        {pin}
      </p>
      <p className="valkiria-pin__warning">{t('pin.once')}</p>
      <button type="button" className="vk-btn vk-btn--primary" data-testid="pin-dismiss" onClick={onDismiss}>
        {t('pin.dismiss')}
      </button>
    </div>
  );
}

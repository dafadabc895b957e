import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { TabProps } from './types';

/**
 * "PIN biométrico": the 6-digit PIN of the biometric terminal, shown only on demand
 * (`GET employee/pinbiometric?id=`; the plugin makes it on the first read) and renewed after
 * confirming (`employee/pinbiometric/renew`: the old one stops working).
 */
export function PinTab({ api, employee, readOnly }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [pin, setPin] = useState<string | null>(null);
  const [hasPin, setHasPin] = useState(employee.has_pin);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function show() {
    setBusy(true);
    setFailed(null);
    try {
      setPin((await api.employees.pin(employee.id)).pin);
      setHasPin(true);
    } catch (e) {
      setFailed(errorList(e)[0]?.details || t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function renew() {
    if (!(await confirm({ message: t('pin.renewQuestion', { name: employee.name }), confirmLabel: t('pin.renew'), tone: 'danger' }))) return;
    setBusy(true);
    setFailed(null);
    try {
      setPin((await api.employees.renewPin(employee.id)).pin);
      setHasPin(true);
      toast.success(t('pin.renewed'));
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="employees-stack" data-testid="pin">
      <p className="muted">{t('pin.text')}</p>
      <p data-testid="pin-state">{t(hasPin ? 'pin.has' : 'pin.none')}</p>
      {pin !== null && (
        <p className="employees-pin">
          <span className="vk-label">{t('pin.label')}</span> <output data-testid="pin-value">{pin}</output>
        </p>
      )}
      {failed && (
        <p className="vk-alert vk-alert--danger" role="alert">
          {failed}
        </p>
      )}
      <div className="employees-actions">
        {pin === null ? (
          <button type="button" className="vk-btn vk-btn--primary" disabled={busy} onClick={() => void show()}>
            {t('pin.show')}
          </button>
        ) : (
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setPin(null)}>
            {t('pin.hide')}
          </button>
        )}
        {!readOnly && (
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={() => void renew()}>
            {t('pin.renew')}
          </button>
        )}
      </div>
    </div>
  );
}

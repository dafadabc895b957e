import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { PAYMENT_METHODS, type PaymentMethod } from '../api';

export interface PaymentFieldsProps {
  amountLabel: string;
  amount: number | null;
  onAmount(cents: number | null): void;
  method: PaymentMethod;
  onMethod(method: PaymentMethod): void;
  date: string;
  onDate(date: string): void;
}

/** Amount (euros typed, cents out), payment method (cash, card, Bizum, transfer) and date: a payment's or a cash movement's. */
export function PaymentFields({ amountLabel, amount, onAmount, method, onMethod, date, onDate }: PaymentFieldsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <label className="vk-field">
        <span className="vk-label">{amountLabel}</span>
        <MoneyInput value={amount} onChange={(cents) => onAmount(cents)} />
      </label>
      <PaymentMethodField method={method} onMethod={onMethod} />
      <label className="vk-field">
        <span className="vk-label">{t('payments.date')}</span>
        <input className="vk-input" type="date" value={date} onChange={(e) => onDate(e.target.value)} />
      </label>
    </>
  );
}

/** The payment method (cash, card, Bizum, transfer). */
export function PaymentMethodField({ method, onMethod }: { method: PaymentMethod; onMethod(method: PaymentMethod): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <label className="vk-field">
      <span className="vk-label">{t('payments.method')}</span>
      <select className="vk-input" value={method} onChange={(e) => onMethod(e.target.value as PaymentMethod)}>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`method.${m}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

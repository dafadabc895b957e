import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, errorList, formatDate, formatEuros, useApi, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Invoice, type PaymentMethod } from '../api';
import { PaymentFields } from './PaymentFields';
import { todayIso } from '../format';

/**
 * An issued invoice's payments (cash, card, Bizum, transfer) and the outstanding amount; a
 * payment is registered with `invoice/payment/create` (never more than what is owed: the
 * host refuses it with BILLING-003) and deleted with `invoice/payment/delete`.
 */
export function PaymentsCard({ invoice, onChange }: { invoice: Invoice; onChange(invoice: Invoice): void }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const confirm = useConfirm();
  const outstanding = invoice.outstanding ?? invoice.total - invoice.paid;
  const [amount, setAmount] = useState<number | null>(outstanding);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [date, setDate] = useState(todayIso());
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const payable = invoice.state === 'issued' && outstanding > 0;

  async function pay() {
    if (amount === null || amount <= 0) {
      setErrors([t('payments.amountInvalid')]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      const fresh = await api.invoices.pay(invoice.id, { amount, method, date, notes: notes.trim() });
      toast.success(t('payments.registered', { amount: formatEuros(amount) }));
      setAmount(fresh.outstanding ?? 0);
      setNotes('');
      onChange(fresh);
    } catch (e) {
      setErrors(
        errorList(e).map((item) => {
          const owed = (item.data as { outstanding?: number } | null)?.outstanding;
          return owed !== undefined ? `${item.details} (${t('payments.outstandingIs', { amount: formatEuros(owed) })})` : item.details || item.code;
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number, paid: number) {
    if (!(await confirm({ message: t('payments.deleteQuestion', { amount: formatEuros(paid) }), confirmLabel: t('payments.delete'), tone: 'danger' }))) return;
    try {
      const fresh = await api.invoices.removePayment(id);
      toast.success(t('payments.deleted'));
      setAmount(fresh.outstanding ?? 0);
      onChange(fresh);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  return (
    <section className="card billing-payments" aria-labelledby="billing-payments-title" data-testid="payments">
      <h2 id="billing-payments-title" className="card__title">
        {t('payments.title')}
      </h2>
      <dl className="billing-payments__summary">
        <dt>{t('totals.total')}</dt>
        <dd>{formatEuros(invoice.total)}</dd>
        <dt>{t('payments.paid')}</dt>
        <dd data-testid="paid">{formatEuros(invoice.paid)}</dd>
        <dt>{t('payments.outstanding')}</dt>
        <dd data-testid="outstanding" data-cents={outstanding}>
          {formatEuros(outstanding)}
        </dd>
      </dl>
      {invoice.payments && invoice.payments.length > 0 ? (
        <table className="vk-table" aria-label={t('payments.list')}>
          <thead>
            <tr>
              <th scope="col">{t('payments.date')}</th>
              <th scope="col">{t('payments.method')}</th>
              <th scope="col" className="billing-num">
                {t('payments.amount')}
              </th>
              <th scope="col">{t('payments.notes')}</th>
              <th scope="col">
                <span className="vk-visually-hidden">{t('lines.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.payments.map((p) => (
              <tr key={p.id} data-testid="payment" data-state={p.state}>
                <td>{formatDate(p.paid_on)}</td>
                <td>{t(`method.${p.method}`)}</td>
                <td className="billing-num">{formatEuros(p.amount)}</td>
                <td>{p.state === 'deleted' ? t('payments.deletedMark') : p.notes}</td>
                <td>
                  {p.state === 'active' && (
                    <button type="button" className="vk-btn vk-btn--light" aria-label={t('payments.deleteNamed', { amount: formatEuros(p.amount) })} onClick={() => void remove(p.id, p.amount)}>
                      {t('payments.delete')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('payments.none')}</p>
      )}
      {payable && (
        <form
          className="billing-payments__form"
          aria-label={t('payments.new')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <ErrorList messages={errors} testId="payment-errors" />
          <PaymentFields amountLabel={t('payments.amount')} amount={amount} onAmount={setAmount} method={method} onMethod={setMethod} date={date} onDate={setDate} />
          <label className="vk-field">
            <span className="vk-label">{t('payments.notes')}</span>
            <input className="vk-input" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </label>
          <div className="vk-form__actions">
            <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
              {t('payments.register')}
            </button>
          </div>
        </form>
      )}
      {invoice.state === 'issued' && outstanding === 0 && (
        <p className="vk-alert vk-alert--success" role="status" data-testid="paid-in-full">
          {t('payments.paidInFull')}
        </p>
      )}
    </section>
  );
}

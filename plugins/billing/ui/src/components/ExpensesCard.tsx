import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, ListView, errorList, formatDate, formatEuros, parseScaled, roundDiv, useApi, useConfirm, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Expense, type PaymentMethod } from '../api';
import { percentText, todayIso } from '../format';
import { PaymentFields } from './PaymentFields';

/**
 * The expenses (`expense/*`): a provider's invoice or receipt with its base and tax rate; the
 * host computes the tax by the rounding rule (shown here while typing) and the total. They are
 * the cash flow's money out. A row's "Editar" loads it into the form, which then saves it
 * (`expense/update`) instead of adding a new one.
 */
export function ExpensesCard({ version, onChange }: { version: number; onChange(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const confirm = useConfirm();
  const [concept, setConcept] = useState('');
  const [provider, setProvider] = useState('');
  const [taxCode, setTaxCode] = useState('');
  const [documentNumber, setDocumentNumber] = useState('');
  const [base, setBase] = useState<number | null>(null);
  const [rate, setRate] = useState('21');
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [date, setDate] = useState(todayIso());
  const [errors, setErrors] = useState<string[]>([]);
  // The expense being edited in the form (none: the form adds a new one).
  const [editing, setEditing] = useState<Expense | null>(null);
  const load = useCallback((q: ListQuery) => api.cashflow.expenses({ search: q.search, page: q.page, per_page: q.perPage }), [api]);
  const rateValue = parseScaled(rate, 2);
  const tax = base !== null && rateValue !== null ? roundDiv(base * rateValue, 10_000) : null;

  function clearForm() {
    setEditing(null);
    setConcept('');
    setDocumentNumber('');
    setBase(null);
    setErrors([]);
  }

  /** Load `expense` into the form to change it. */
  function edit(expense: Expense) {
    setEditing(expense);
    setConcept(expense.concept);
    setProvider(expense.provider_name);
    setTaxCode(expense.provider_tax_code);
    setDocumentNumber(expense.document_number);
    setBase(expense.base);
    setRate(percentText(expense.tax_rate));
    setMethod(expense.method);
    setDate(expense.date);
    setErrors([]);
  }

  async function save() {
    setErrors([]);
    if (rateValue === null) {
      setErrors([t('tax.rateInvalid')]);
      return;
    }
    const fields = {
      concept: concept.trim(),
      provider_name: provider.trim(),
      provider_tax_code: taxCode.trim(),
      document_number: documentNumber.trim(),
      base: base ?? 0,
      tax_rate: rateValue,
      method,
      date,
    };
    try {
      if (editing) {
        await api.cashflow.updateExpense(editing.id, fields);
        toast.success(t('expenses.saved'));
      } else {
        await api.cashflow.createExpense(fields);
        toast.success(t('expenses.added'));
      }
      clearForm();
      onChange();
    } catch (e) {
      setErrors(errorList(e).map((item) => item.details || item.code));
    }
  }

  async function remove(expense: Expense) {
    if (!(await confirm({ message: t('expenses.deleteQuestion', { concept: expense.concept }), confirmLabel: t('expenses.delete'), tone: 'danger' }))) return;
    try {
      await api.cashflow.removeExpense(expense.id);
      toast.success(t('expenses.deleted'));
      onChange();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<Expense>[] = [
    { key: 'date', header: t('cashflow.date'), render: (e) => formatDate(e.date) },
    { key: 'concept', header: t('cashflow.concept') },
    { key: 'provider_name', header: t('expenses.provider'), render: (e) => [e.provider_name, e.provider_tax_code].filter(Boolean).join(' · ') },
    { key: 'base', header: t('expenses.base'), className: 'billing-num', render: (e) => formatEuros(e.base) },
    { key: 'tax', header: t('expenses.tax'), className: 'billing-num', render: (e) => `${formatEuros(e.tax)} (${percentText(e.tax_rate)} %)` },
    { key: 'total', header: t('columns.total'), className: 'billing-num', render: (e) => formatEuros(e.total) },
    { key: 'method', header: t('payments.method'), render: (e) => t(`method.${e.method}`) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (e) => (
        <>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('expenses.editNamed', { concept: e.concept })} onClick={() => edit(e)}>
            {t('expenses.edit')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('expenses.deleteNamed', { concept: e.concept })} onClick={() => void remove(e)}>
            {t('expenses.delete')}
          </button>
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="cashflow-expenses-title" className="billing-movements" data-testid="expenses">
      <h2 id="cashflow-expenses-title" className="card__title">
        {t('expenses.title')}
      </h2>
      <ListView<Expense> label={t('expenses.title')} columns={columns} rowKey={(e) => e.id} load={load} reloadKey={version} empty={t('expenses.none')} />
      <form
        className="card billing-movements__form"
        aria-label={editing ? t('expenses.editing', { concept: editing.concept }) : t('expenses.new')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ErrorList messages={errors} testId="expense-errors" />
        <label className="vk-field">
          <span className="vk-label">{t('cashflow.concept')}</span>
          <input className="vk-input" value={concept} onChange={(e) => setConcept(e.target.value)} />
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('expenses.provider')}</span>
          <input className="vk-input" value={provider} onChange={(e) => setProvider(e.target.value)} />
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('expenses.taxCode')}</span>
          <input className="vk-input" value={taxCode} onChange={(e) => setTaxCode(e.target.value)} />
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('expenses.documentNumber')}</span>
          <input className="vk-input" value={documentNumber} onChange={(e) => setDocumentNumber(e.target.value)} />
        </label>
        <PaymentFields amountLabel={t('expenses.base')} amount={base} onAmount={setBase} method={method} onMethod={setMethod} date={date} onDate={setDate} />
        <label className="vk-field">
          <span className="vk-label">{t('expenses.rate')}</span>
          <input className="vk-input" inputMode="decimal" value={rate} aria-invalid={rateValue === null} onChange={(e) => setRate(e.target.value)} />
        </label>
        <p className="muted" data-testid="expense-preview">
          {tax !== null && base !== null ? t('expenses.preview', { tax: formatEuros(tax), total: formatEuros(base + tax) }) : ''}
        </p>
        <div className="vk-form__actions">
          <button type="submit" className="vk-btn vk-btn--primary">
            {editing ? t('expenses.save') : t('expenses.add')}
          </button>
          {editing && (
            <button type="button" className="vk-btn vk-btn--light" onClick={clearForm}>
              {t('cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

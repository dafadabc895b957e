import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Field,
  FilterSelect,
  FilteredList,
  FormMessages,
  MoneyInput,
  UI_NAMESPACE,
  errorList,
  formatEuros,
  useApi,
  useConfirm,
  useFieldErrors,
  usePageLayout,
  useToast,
  type Column,
  type ListQuery,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type DgtApi, type Tax, type TaxFields, type TaxType } from '../api';
import { changedFields } from '../format';
import { useLoad } from '@volante/plugin-ui';
import { InputField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

/**
 * `/dgt/folder/tax/list` — the school's DGT fees (`GET dgt/tax/read`): search and type; type,
 * name, description and amount (es-ES euros). "Nueva tasa" and "Editar" open the form above the
 * list (`dgt/tax/create` / `update`; the amount typed in euros, sent in cents), "Eliminar" asks
 * first (`dgt/tax/delete`: folders that used it still name it).
 */
export default function TaxListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const toast = useToast();
  const confirm = useConfirm();
  const types = useLoad(api.taxes.types);
  const [typeCode, setTypeCode] = useState('');
  // null: no form; 'new', or the fee being edited
  const [panel, setPanel] = useState<'new' | Tax | null>(null);
  const [version, setVersion] = useState(0);
  const title = t('taxes.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback((q: ListQuery) => api.taxes.list({ search: q.search, page: q.page, per_page: q.perPage, type_code: typeCode }), [api, typeCode]);
  const changed = () => setVersion((v) => v + 1);

  async function remove(tax: Tax) {
    const ok = await confirm({ title: t('taxes.delete.title'), message: t('taxes.delete.question', { name: tax.name }), confirmLabel: t('taxes.delete.action'), tone: 'danger' });
    if (!ok) return;
    try {
      await api.taxes.remove(tax.id);
      toast.success(t('taxes.delete.done', { name: tax.name }));
      if (panel !== 'new' && panel?.id === tax.id) setPanel(null);
      changed();
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<Tax>[] = [
    { key: 'type_code', header: t('taxes.columns.type_code'), className: 'dgt-nowrap', render: (x) => <span data-testid="tax-code">{x.type_code}</span> },
    { key: 'name', header: t('taxes.columns.name') },
    { key: 'description', header: t('taxes.columns.description') },
    { key: 'amount', header: t('taxes.columns.amount'), className: 'dgt-num', render: (x) => formatEuros(x.amount) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (x) => (
        <>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('taxes.editNamed', { name: x.name })} onClick={() => setPanel(x)}>
            {t('taxes.edit')}
          </button>{' '}
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('taxes.delete.named', { name: x.name })} onClick={() => void remove(x)}>
            {t('taxes.delete.action')}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="dgt-page" data-testid="tax-list">
      {types.failed !== null && (
        <p className="vk-alert vk-alert--danger" role="alert">
          {types.failed || t('taxes.typesError')}
        </p>
      )}
      {panel && (
        <TaxPanel
          key={panel === 'new' ? 'new' : panel.id}
          api={api}
          tax={panel === 'new' ? null : panel}
          types={types.data ?? []}
          onSaved={() => {
            setPanel(null);
            changed();
          }}
          onClose={() => setPanel(null)}
        />
      )}
      <FilteredList<Tax>
        label={title}
        columns={columns}
        rowKey={(x) => x.id}
        load={load}
        filtersKey={JSON.stringify({ typeCode, version })}
        searchPlaceholder={t('taxes.search')}
        empty={t('taxes.empty')}
        filters={
          types.data && (
            <FilterSelect
              label={t('taxes.filters.type')}
              value={typeCode}
              options={[{ value: '', label: t('taxes.filters.allTypes') }, ...types.data.map((x) => ({ value: x.code, label: `${x.code} · ${x.description}` }))]}
              onChange={setTypeCode}
            />
          )
        }
        actions={
          panel !== 'new' && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setPanel('new')}>
              {t('taxes.new')}
            </button>
          )
        }
      />
    </div>
  );
}

const TAX_FIELDS = ['type_code', 'name', 'description', 'amount'] as const;

/** A fee's form: the type (fixed list), name (empty: the type's description), description, amount. */
function TaxPanel({ api, tax, types, onSaved, onClose }: { api: DgtApi; tax: Tax | null; types: TaxType[]; onSaved(): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, TAX_FIELDS);
  const [draft, setDraft] = useState({ type_code: tax?.type_code ?? '', name: tax?.name ?? '', description: tax?.description ?? '' });
  const [amount, setAmount] = useState<{ cents: number | null; text: string }>({ cents: tax?.amount ?? null, text: '' });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = tax ? t('taxes.form.editTitle', { name: tax.name }) : t('taxes.form.newTitle');
  // a code no longer in the list is still shown
  const known = types.some((x) => x.code === draft.type_code);

  async function submit() {
    errors.reset();
    if (!draft.type_code) return errors.setErrors({ type_code: ui('form.required') });
    if (amount.cents === null && amount.text.trim()) return errors.setErrors({ amount: t('taxes.form.invalidAmount') });
    const body: TaxFields = { type_code: draft.type_code, name: draft.name.trim(), description: draft.description.trim(), amount: amount.cents };
    setBusy(true);
    try {
      if (tax) {
        const fields = changedFields<TaxFields>(body, tax);
        if (Object.keys(fields).length === 0) {
          toast.info(t('noChanges'));
          return;
        }
        const saved = await api.taxes.update(tax.id, fields);
        toast.success(t('taxes.form.saved', { name: saved.name }));
      } else {
        const created = await api.taxes.create(body);
        toast.success(t('taxes.form.created', { name: created.name }));
      }
      onSaved();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${formId}-title`} data-testid="tax-panel">
      <h2 id={`${formId}-title`} className="card__title">
        {title}
      </h2>
      <form
        className="vk-form dgt-form"
        aria-label={title}
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormMessages errors={errors.errors} general={errors.general} testId="tax-errors" />
        <div className="vk-form__grid">
          <SelectField
            ctx={ctx}
            field="type_code"
            label={t('taxes.fields.type_code')}
            value={draft.type_code}
            onChange={(type_code) => set({ type_code })}
            required
            empty={ui('form.choose')}
            options={[
              ...(draft.type_code && !known ? [{ value: draft.type_code, label: draft.type_code }] : []),
              ...types.map((x) => ({ value: x.code, label: `${x.code} · ${x.description}` })),
            ]}
          />
          <InputField ctx={ctx} field="name" label={t('taxes.fields.name')} value={draft.name} maxLength={200} hint={t('taxes.form.nameHint')} onChange={(name) => set({ name })} />
          <InputField ctx={ctx} field="description" label={t('taxes.fields.description')} value={draft.description} maxLength={2000} onChange={(description) => set({ description })} />
          <Field form={formId} field="amount" label={t('taxes.fields.amount')} error={errors.errors.amount} hint={t('taxes.form.amountHint')}>
            <MoneyInput {...errors.control('amount')} value={amount.cents} disabled={busy} onChange={(cents, text) => setAmount({ cents, text })} />
          </Field>
        </div>
        <SubmitActions busy={busy} label={tax ? t('save') : t('taxes.form.create')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {t('cancel')}
          </button>
        </SubmitActions>
      </form>
    </section>
  );
}

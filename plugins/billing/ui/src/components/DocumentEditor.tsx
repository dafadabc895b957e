import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, MoneyInput, errorList, formatEuros, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { PRODUCT_PERMISSION, PRODUCT_SERVICE, type BudgetGroup, type DiscountType, type DocumentBody, type Series, type Tax } from '../api';
import { ContactPicker } from './ContactPicker';
import { ProductPicker } from './ProductPicker';
import { TotalsBox } from './TotalsBox';
import { blankLine, bodyOf, defaultTaxId, invalidFields, previewTotals, withProduct, type DocumentDraft, type LineDraft } from './draft';

export interface EditorAction {
  /** What the page does with the body (save, issue…). */
  intent: string;
  label: string;
  primary?: boolean;
}

export interface DocumentEditorProps {
  kind: 'budget' | 'invoice';
  initial: DocumentDraft;
  series: Series[];
  taxes: Tax[];
  groups?: BudgetGroup[];
  /** The series cannot change (a numbered budget keeps its series). */
  seriesLocked?: boolean;
  actions: EditorAction[];
  /** Sends the body; a rejection with the host's errors shows them (each under its field). */
  onSubmit(body: DocumentBody, intent: string): Promise<unknown>;
  /** Extra buttons beside the actions (delete, bill…). */
  extra?: ReactNode;
}

type FieldErrors = Record<string, string>;

/**
 * The budget and invoice editor: series, contact (contacts finder), issue and due dates, lines
 * (concept, price, quantity, discount, tax), document discount, notes, and the totals computed
 * live by the plugin's rounding rule. The host computes them again on save: those are the truth.
 * A user with the products module (service and permission `product`) also adds lines from its
 * catalogue; such a line keeps its `product_id` and is marked.
 */
export function DocumentEditor({ kind, initial, series, taxes, groups, seriesLocked, actions, onSubmit, extra }: DocumentEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState<DocumentDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** A submit was tried: numbers that are not show their message. */
  const [checked, setChecked] = useState(false);
  const session = useSession();
  const catalogue = session.hasService(PRODUCT_SERVICE) && session.can(PRODUCT_PERMISSION);
  const usableTaxes = taxes.filter((tax) => tax.state === 'active' && (tax.region_active !== false || draft.lines.some((l) => l.taxId === tax.id)));
  const totals = previewTotals(draft, taxes);
  const invalid = new Set(invalidFields(draft));

  const set = (patch: Partial<DocumentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setLine = (key: number, patch: Partial<LineDraft>) => setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
  const fieldError = (field: string) => errors[field] ?? (invalid.has(field) && checked ? t('editor.invalidNumber') : undefined);

  async function submit(intent: string) {
    setChecked(true);
    if (invalid.size) {
      setErrors({});
      setGeneral([t('editor.fixNumbers')]);
      return;
    }
    setBusy(true);
    setErrors({});
    setGeneral([]);
    try {
      await onSubmit(bodyOf(draft), intent);
    } catch (failure) {
      const byField: FieldErrors = {};
      const rest: string[] = [];
      for (const item of errorList(failure)) {
        const field = (item.data as { field?: string } | null)?.field;
        if (field) byField[field] = item.details || item.code;
        // Every error is listed above the form too, so none goes unseen (e.g. a field not shown).
        rest.push(item.details || item.code);
      }
      setErrors(byField);
      setGeneral(rest);
    } finally {
      setBusy(false);
    }
  }

  const discountFields = (
    prefix: string,
    type: DiscountType | '',
    percent: string,
    amount: number | null,
    onChange: (patch: { discountType?: DiscountType | ''; discountPercent?: string; discountAmount?: number | null }) => void,
    label: string,
  ) => (
    <div className="billing-discount">
      <select className="vk-input" aria-label={t('editor.discountType', { what: label })} value={type} onChange={(e) => onChange({ discountType: e.target.value as DiscountType | '' })}>
        <option value="">{t('discount.none')}</option>
        <option value="percent">{t('discount.percent')}</option>
        <option value="amount">{t('discount.amount')}</option>
      </select>
      {type === 'percent' && (
        <input
          className="vk-input"
          inputMode="decimal"
          aria-label={t('editor.discountPercent', { what: label })}
          aria-invalid={!!fieldError(prefix)}
          value={percent}
          onChange={(e) => onChange({ discountPercent: e.target.value })}
        />
      )}
      {type === 'amount' && (
        <MoneyInput aria-label={t('editor.discountAmount', { what: label })} aria-invalid={!!fieldError(prefix)} value={amount} onChange={(cents) => onChange({ discountAmount: cents })} />
      )}
      {fieldError(prefix) && <span className="vk-error">{fieldError(prefix)}</span>}
    </div>
  );

  return (
    <form
      className="billing-editor card"
      aria-label={t(`editor.${kind}`)}
      aria-busy={busy}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(actions.find((a) => a.primary)?.intent ?? actions[0].intent);
      }}
    >
      <ErrorList messages={general} testId="editor-errors" />
      <div className="billing-editor__head">
        <label className="vk-field">
          <span className="vk-label">{t('fields.series')}</span>
          <select className="vk-input" value={draft.seriesId ?? ''} disabled={seriesLocked} onChange={(e) => set({ seriesId: e.target.value ? Number(e.target.value) : null })}>
            {series
              .filter((s) => s.state === 'active' || s.id === draft.seriesId)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name && s.name !== s.code ? `${s.code} · ${s.name}` : s.code}
                </option>
              ))}
          </select>
          {errors.series_id && <span className="vk-error">{errors.series_id}</span>}
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('fields.issue_date')}</span>
          <input className="vk-input" type="date" value={draft.issueDate} aria-invalid={!!errors.issue_date} onChange={(e) => set({ issueDate: e.target.value })} />
          {errors.issue_date && <span className="vk-error">{errors.issue_date}</span>}
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('fields.due_date')}</span>
          <input className="vk-input" type="date" value={draft.dueDate} aria-invalid={!!errors.due_date} onChange={(e) => set({ dueDate: e.target.value })} />
          {errors.due_date && <span className="vk-error">{errors.due_date}</span>}
        </label>
        {groups && (
          <label className="vk-field">
            <span className="vk-label">{t('fields.group')}</span>
            <select className="vk-input" value={draft.groupId ?? ''} onChange={(e) => set({ groupId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">{t('editor.noGroup')}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <fieldset className="vk-field billing-editor__contact">
        <legend className="vk-label">{t('fields.contact')}</legend>
        <ContactPicker value={draft.contact} onChange={(contact) => set({ contact })} error={errors.contact_id ?? errors['contact.tax_code']} />
      </fieldset>

      <table className="vk-table billing-lines" aria-label={t('editor.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('lines.concept')}</th>
            <th scope="col">{t('lines.price')}</th>
            <th scope="col">{t('lines.quantity')}</th>
            <th scope="col">{t('lines.discount')}</th>
            <th scope="col">{t('lines.tax')}</th>
            <th scope="col" className="billing-num">
              {t('lines.total')}
            </th>
            <th scope="col">
              <span className="vk-visually-hidden">{t('lines.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.lines.map((line, i) => {
            const n = i + 1;
            const err = (f: string) => fieldError(`lines[${i}].${f}`);
            return (
              <tr key={line.key} data-testid="line">
                <td>
                  <input className="vk-input" aria-label={t('lines.conceptN', { n })} aria-invalid={!!err('concept')} value={line.concept} onChange={(e) => setLine(line.key, { concept: e.target.value })} />
                  {err('concept') && <span className="vk-error">{err('concept')}</span>}
                  {line.productId !== null && (
                    <span className="billing-lines__product muted" data-testid="line-product" title={t('lines.fromCatalogue')}>
                      {line.productReference ? t('lines.catalogueReference', { reference: line.productReference }) : t('lines.catalogue')}
                    </span>
                  )}
                </td>
                <td className="billing-lines__money">
                  <MoneyInput aria-label={t('lines.priceN', { n })} aria-invalid={!!err('price')} value={line.price} onChange={(cents) => setLine(line.key, { price: cents })} />
                  {err('price') && <span className="vk-error">{err('price')}</span>}
                </td>
                <td className="billing-lines__qty">
                  <input className="vk-input" inputMode="decimal" aria-label={t('lines.quantityN', { n })} aria-invalid={!!err('quantity')} value={line.quantity} onChange={(e) => setLine(line.key, { quantity: e.target.value })} />
                  {err('quantity') && <span className="vk-error">{err('quantity')}</span>}
                </td>
                <td>{discountFields(`lines[${i}].discount`, line.discountType, line.discountPercent, line.discountAmount, (patch) => setLine(line.key, patch), t('lines.lineN', { n }))}</td>
                <td>
                  <select className="vk-input" aria-label={t('lines.taxN', { n })} aria-invalid={!!err('tax_id')} value={line.taxId ?? ''} onChange={(e) => setLine(line.key, { taxId: e.target.value ? Number(e.target.value) : null })}>
                    {usableTaxes.map((tax) => (
                      <option key={tax.id} value={tax.id}>
                        {tax.name}
                      </option>
                    ))}
                  </select>
                  {err('tax_id') && <span className="vk-error">{err('tax_id')}</span>}
                </td>
                <td className="billing-num" data-testid="line-total">
                  {totals ? formatEuros(totals.lines[i]?.total ?? 0) : '—'}
                </td>
                <td>
                  <button type="button" className="vk-btn vk-btn--light" aria-label={t('lines.removeN', { n })} disabled={draft.lines.length === 1} onClick={() => set({ lines: draft.lines.filter((l) => l.key !== line.key) })}>
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors.lines && <p className="vk-error">{errors.lines}</p>}
      <button type="button" className="vk-btn vk-btn--light" onClick={() => set({ lines: [...draft.lines, blankLine(defaultTaxId(taxes))] })}>
        {t('lines.add')}
      </button>
      {catalogue && <ProductPicker disabled={busy} onChoose={(product) => setDraft((d) => ({ ...d, lines: withProduct(d.lines, product, taxes) }))} />}

      <div className="billing-editor__foot">
        <div className="billing-editor__side">
          <div className="vk-field">
            <span className="vk-label">{t('fields.discount')}</span>
            {discountFields('discount', draft.discountType, draft.discountPercent, draft.discountAmount, (patch) => set(patch), t('editor.document'))}
          </div>
          <label className="vk-field">
            <span className="vk-label">{t('fields.notes')}</span>
            <textarea className="vk-input" rows={3} value={draft.notes} onChange={(e) => set({ notes: e.target.value })} />
          </label>
        </div>
        {totals ? (
          <TotalsBox preview {...totals} />
        ) : (
          <p className="muted" data-testid="totals-preview">
            {t('editor.fixNumbers')}
          </p>
        )}
      </div>
      <div className="vk-form__actions">
        {extra}
        {actions.map((a) => (
          <button key={a.intent} type="button" className={a.primary ? 'vk-btn vk-btn--primary' : 'vk-btn vk-btn--outline'} disabled={busy} onClick={() => void submit(a.intent)}>
            {a.label}
          </button>
        ))}
      </div>
      {taxes.length === 0 && <p className="muted">{t('editor.noTaxes')}</p>}
    </form>
  );
}

import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  CheckListField,
  Field,
  FormMessages,
  ImageField,
  InputField,
  MoneyInput,
  NotesField,
  SelectField,
  SubmitActions,
  TabPanel,
  Tabs,
  UI_NAMESPACE,
  formatEuros,
  indexedFieldErrors,
  namedField,
  useFieldErrors,
  type FormContext,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Category, ProductDetail, ProductFields, ProductsApi, Taxes } from '../api';
import { MAX_CLASSES, MAX_PERCENTAGE, MAX_QUANTITY, MAX_REPETITIONS, MAX_TEST_DAYS, PRODUCT_IMAGE_FOLDER, PRODUCT_STATUSES } from '../lists';
import { rateText } from '../format';
import {
  CUSTOM_TAX,
  LINE_FIELDS,
  PROCESS_FIELDS,
  PRODUCT_FIELDS,
  TABS,
  lineField,
  processField,
  productBody,
  productDraft,
  tabOf,
  type LineDraft,
  type ProcessDraft,
  type Problem,
  type ProductDraft,
  type Tab,
} from './productDraft';
import { FilesField } from './FilesField';
import { ProvidersField } from './ProvidersField';
import { PackLinesField, SavedPackLines } from './PackLinesField';
import { ProcessesField } from './ProcessesField';

export interface ProductFormProps {
  /** null: a new one. */
  product: ProductDetail | null;
  isPack: boolean;
  taxes: Taxes;
  /** The live categories to choose from (null while they are read, or when they could not be). */
  categories: Category[] | null;
  categoriesFailed?: boolean;
  api: ProductsApi;
  label: string;
  submitLabel: string;
  onSubmit(body: Partial<ProductFields>): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
  /** The tab shown, when the page keeps it (so that it stays after a save draws the form again). */
  tab?: Tab;
  onTab?(tab: Tab): void;
}

/**
 * A product's or a pack's form, in the spec's tabs: "General" (reference, name, description,
 * status, image, categories, files), "Compras" (suppliers, their reference, cost), "Ventas"
 * (price, tax, whether the shop shows the price; the total the host worked out), for a pack,
 * "Productos" (its lines, and the lines as the host priced them), and "Procesos automáticos"
 * (what runs when the online shop sells it). One "Guardar" sends every tab; a tab with a field
 * in error is marked and shown.
 */
export function ProductForm({ product, isPack, taxes, categories, categoriesFailed = false, api, label, submitLabel, onSubmit, extra, disabled = false, tab: shownTab, onTab }: ProductFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const [draft, setDraft] = useState<ProductDraft>(() => productDraft(product, taxes));
  const [ownTab, setOwnTab] = useState<Tab>('general');
  const tabs = TABS.filter((k) => k !== 'lines' || isPack);
  const wanted = shownTab ?? ownTab;
  // "Productos" kept by the page from a pack does not exist for a product
  const tab = tabs.includes(wanted) ? wanted : 'general';
  const setTab = onTab ?? setOwnTab;
  const [busy, setBusy] = useState(false);
  const fields = useMemo(
    () => [...PRODUCT_FIELDS, ...draft.lines.flatMap((_, i) => LINE_FIELDS.map((f) => lineField(i, f))), ...draft.processes.flatMap((_, i) => PROCESS_FIELDS.map((f) => processField(i, f)))],
    [draft.lines, draft.processes],
  );
  const errors = useFieldErrors(formId, fields);
  const set = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy || disabled };
  const marked = new Set(Object.keys(errors.errors).map(tabOf));

  /** Show the first tab with an error, unless the one shown has one. */
  const reveal = (named: string[]) => {
    const withErrors = named.map(tabOf);
    if (withErrors.length > 0 && !withErrors.includes(tab)) setTab(TABS.find((k) => withErrors.includes(k)) ?? tab);
  };

  const categoryOptions = (categories ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  // a category of the product's the list did not give (it could not be read) is still shown
  for (const c of product?.categories ?? []) if (!categoryOptions.some((o) => o.value === String(c.id))) categoryOptions.push({ value: String(c.id), label: c.name });
  const categoryName = (id: number) => categoryOptions.find((o) => o.value === String(id))?.label;

  const taxOptions = taxes.taxes.map((x) => ({ value: String(x.id), label: x.name }));
  // a billing tax no longer usable (its region switched off) is still shown while it is the product's
  if (product?.tax_id && taxes.available && !taxOptions.some((o) => o.value === String(product.tax_id))) {
    taxOptions.push({ value: String(product.tax_id), label: t('tax.unavailable', { name: product.tax_name || rateText(product.tax_rate) }) });
  }
  const customTax = !taxes.available || draft.tax === CUSTOM_TAX;

  const message = (problem: Problem) => {
    if (problem === 'required') return ui('form.required');
    if (problem === 'amount') return t('form.invalidAmount');
    if (problem === 'rate') return t('form.invalidRate');
    if (problem === 'days') return t('processes.invalidDays', { max: MAX_TEST_DAYS });
    if (problem === 'percentage') return t('processes.invalidPercentage', { max: MAX_PERCENTAGE });
    if (problem === 'practiceType') return t('processes.choosePracticeTypeError');
    if (problem === 'testLicence') return t('processes.chooseTestLicenceError');
    if (problem === 'classes') return t('processes.invalidClasses', { max: MAX_CLASSES });
    if (problem === 'repetitions') return t('processes.invalidRepetitions', { max: MAX_REPETITIONS });
    return t('lines.invalidQuantity', { max: MAX_QUANTITY });
  };

  async function submit() {
    errors.reset();
    const result = productBody(draft, { isPack, taxesAvailable: taxes.available });
    if ('problems' in result) {
      errors.setErrors(Object.fromEntries(Object.entries(result.problems).map(([field, problem]) => [field, message(problem)])));
      reveal(Object.keys(result.problems));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(result.body);
    } catch (failure) {
      // an entry of a list (`category_ids[1]`) goes under the list, named
      const sent = result.body;
      let items = indexedFieldErrors(failure, 'category_ids', (i) => categoryName(sent.category_ids?.[i] ?? 0));
      items = indexedFieldErrors(items, 'provider_ids', (i) => {
        const p = draft.providers.find((x) => x.id === sent.provider_ids?.[i]);
        return p ? p.name || t('providers.unnamed', { id: p.id }) : undefined;
      });
      items = indexedFieldErrors(items, 'file_ids', (i) => draft.files.find((x) => x.id === sent.file_ids?.[i])?.name ?? undefined);
      errors.fail(items, t('actionError'));
      reveal(items.map((e) => namedField(e) ?? '').filter((f) => fields.includes(f)));
    } finally {
      setBusy(false);
    }
  }

  /** New lines; when one is added or taken off, the errors of the lines (by index) no longer apply. */
  const changeLines = (lines: LineDraft[]) => {
    const keys = (list: LineDraft[]) => list.map((l) => l.key).join(',');
    if (keys(lines) !== keys(draft.lines)) errors.setErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => !field.startsWith('pack_items['))));
    set({ lines });
  };

  /** New processes; when one is added, taken off or moved, the errors of the processes (by index) no longer apply. */
  const changeProcesses = (processes: ProcessDraft[]) => {
    const keys = (list: ProcessDraft[]) => list.map((p) => p.key).join(',');
    if (keys(processes) !== keys(draft.processes)) errors.setErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => field !== 'processes' && !field.startsWith('processes['))));
    set({ processes });
  };

  const tabsId = `${formId}-tabs`;
  return (
    <form
      className="vk-form products-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="product-errors" />
      <Tabs
        id={tabsId}
        label={t('form.tabs')}
        tabs={tabs.map((k) => ({ key: k, label: t(`tabs.${k}`), marked: marked.has(k) }))}
        selected={tab}
        onSelect={(k) => setTab(k as Tab)}
      />

      <TabPanel id={tabsId} tab="general" selected={tab} keepMounted>
        <div className="vk-form__grid">
          <InputField ctx={ctx} field="reference" label={t('fields.reference')} value={draft.reference} maxLength={40} hint={t('form.referenceHint')} onChange={(reference) => set({ reference })} />
          <InputField ctx={ctx} field="name" label={t('fields.name')} value={draft.name} maxLength={200} required onChange={(name) => set({ name })} />
          <SelectField
            ctx={ctx}
            field="status"
            label={t('fields.status')}
            value={draft.status}
            options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(status) => set({ status: status as ProductDraft['status'] })}
          />
        </div>
        <NotesField ctx={ctx} field="description" label={t('fields.description')} value={draft.description} onChange={(description) => set({ description })} />
        <ImageField ctx={ctx} field="image_file_id" label={t('fields.image_file_id')} folder={PRODUCT_IMAGE_FOLDER} fileId={draft.image_file_id} onChange={(image_file_id) => set({ image_file_id })} />
        <CheckListField
          ctx={ctx}
          field="category_ids"
          label={t('fields.category_ids')}
          options={categoryOptions}
          value={draft.category_ids}
          empty={categories ? t('form.noCategories') : categoriesFailed ? undefined : ui('page.loading')}
          hint={categoriesFailed ? t('form.categoriesFailed') : undefined}
          onChange={(category_ids) => set({ category_ids })}
        />
        <FilesField ctx={ctx} api={api} value={draft.files} onChange={(files) => set({ files })} />
      </TabPanel>

      <TabPanel id={tabsId} tab="purchases" selected={tab} keepMounted>
        <ProvidersField ctx={ctx} api={api} value={draft.providers} onChange={(providers) => set({ providers })} />
        <div className="vk-form__grid">
          <InputField ctx={ctx} field="provider_reference" label={t('fields.provider_reference')} value={draft.provider_reference} maxLength={60} onChange={(provider_reference) => set({ provider_reference })} />
          <Field form={formId} field="purchase_price" label={t('fields.purchase_price')} error={errors.errors.purchase_price} hint={t('form.amountHint')}>
            <MoneyInput {...errors.control('purchase_price')} value={draft.purchase_price.cents} disabled={ctx.disabled} onChange={(cents, text) => set({ purchase_price: { cents, text } })} />
          </Field>
        </div>
      </TabPanel>

      <TabPanel id={tabsId} tab="sales" selected={tab} keepMounted>
        <div className="vk-form__grid">
          {isPack ? (
            <div className="vk-field" data-testid="pack-price-note">
              <span className="vk-label">{t('fields.price')}</span>
              <p className="muted">{product ? t('form.packPrice', { price: formatEuros(product.price) }) : t('form.packPriceNew')}</p>
            </div>
          ) : (
            <Field form={formId} field="price" label={t('fields.price')} error={errors.errors.price} hint={t('form.priceHint')}>
              <MoneyInput {...errors.control('price')} value={draft.price.cents} disabled={ctx.disabled} onChange={(cents, text) => set({ price: { cents, text } })} />
            </Field>
          )}
          {taxes.available && (
            <SelectField
              ctx={ctx}
              field="tax_id"
              label={t('fields.tax_id')}
              value={draft.tax}
              options={[...taxOptions, { value: CUSTOM_TAX, label: t('tax.custom') }]}
              onChange={(tax) => set({ tax })}
            />
          )}
          {customTax && (
            <InputField
              ctx={ctx}
              field="tax_rate"
              label={t('fields.tax_rate')}
              value={draft.tax_rate}
              inputMode="decimal"
              hint={taxes.available ? t('tax.rateHint') : t('tax.noBilling')}
              onChange={(tax_rate) => set({ tax_rate })}
            />
          )}
        </div>
        <CheckField ctx={ctx} field="price_visible" label={t('fields.price_visible')} checked={draft.price_visible} onChange={(price_visible) => set({ price_visible })} />
        {product && (
          <dl className="products-facts products-totals" data-testid="sales-totals">
            <dt>{t('fields.price')}</dt>
            <dd data-testid="saved-price">{formatEuros(product.price)}</dd>
            <dt>{t('totals.tax', { tax: product.tax_name || rateText(product.tax_rate) })}</dt>
            <dd data-testid="saved-tax">{formatEuros(product.total - product.price)}</dd>
            <dt>{t('fields.total')}</dt>
            <dd data-testid="saved-total">{formatEuros(product.total)}</dd>
          </dl>
        )}
        {product && <p className="muted">{t('totals.saved')}</p>}
      </TabPanel>

      {isPack && (
        <TabPanel id={tabsId} tab="lines" selected={tab} keepMounted>
          <PackLinesField ctx={ctx} api={api} packId={product?.id ?? null} lines={draft.lines} onChange={changeLines} />
          {product && <SavedPackLines lines={product.pack_lines} price={product.price} />}
        </TabPanel>
      )}

      <TabPanel id={tabsId} tab="processes" selected={tab} keepMounted>
        <ProcessesField ctx={ctx} api={api} processes={draft.processes} onChange={changeProcesses} />
      </TabPanel>

      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}

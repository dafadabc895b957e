import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, FieldErrorMessage, InputField, SearchPicker, SelectField, fieldId, formatEuros, type Column, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { PackLine, Product, ProductsApi } from '../api';
import { DISCOUNT_TYPES, MAX_QUANTITY } from '../lists';
import { rateText } from '../format';
import { productViewPath } from '../paths';
import { lineField, newLine, type LineDraft } from './productDraft';

/**
 * A pack's products (`pack_items`): a line per product with its units, and a discount as a
 * percentage (sent in hundredths) or an amount in euros (sent in cents); "Quitar"; "Añadir
 * producto" searches the products that are not packs (`GET product/read?is_pack=false`). The
 * host's errors go under the line's field they name (`pack_items[i].quantity`…), and those about
 * the lines as a whole (`pack_items`) under the list.
 */
export function PackLinesField({ ctx, api, packId, lines, onChange }: { ctx: FormContext; api: ProductsApi; packId: number | null; lines: LineDraft[]; onChange(lines: LineDraft[]): void }) {
  const { t } = useTranslation(NAMESPACE);
  const id = fieldId(ctx.formId, 'pack_items');
  const error = ctx.errors.errors.pack_items;
  const set = (key: number, patch: Partial<LineDraft>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const nameOf = (line: LineDraft) => line.name || t('lines.unnamed', { id: line.product_id });
  return (
    <fieldset className="vk-field vk-field--wide products-group" id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid="pack-lines">
      <legend className="vk-label">{t('fields.pack_items')}</legend>
      {lines.length === 0 && <p className="muted">{t('lines.none')}</p>}
      {lines.map((line, i) => (
        <fieldset key={line.key} className="products-line" data-testid="pack-line">
          <legend className="products-line__title">
            {t('lines.legend', { index: i + 1, name: nameOf(line) })}
            {line.reference && <span className="muted"> · {line.reference}</span>}
          </legend>
          <FieldErrorMessage form={ctx.formId} field={lineField(i, 'product_id')} error={ctx.errors.errors[lineField(i, 'product_id')]} />
          <div className="vk-form__grid products-line__grid">
            <InputField
              ctx={ctx}
              field={lineField(i, 'quantity')}
              label={t('lines.fields.quantity')}
              value={line.quantity}
              inputMode="numeric"
              required
              hint={t('lines.quantityHint', { max: MAX_QUANTITY })}
              onChange={(quantity) => set(line.key, { quantity })}
            />
            <SelectField
              ctx={ctx}
              field={lineField(i, 'discount_type')}
              label={t('lines.fields.discount_type')}
              value={line.discount_type}
              empty={t('discount.none')}
              options={DISCOUNT_TYPES.map((d) => ({ value: d, label: t(`discount.${d}`) }))}
              onChange={(value) => set(line.key, { discount_type: value as LineDraft['discount_type'], discount_value: value ? line.discount_value : '' })}
            />
            <InputField
              ctx={ctx}
              field={lineField(i, 'discount_value')}
              label={line.discount_type === 'quantity' ? t('lines.fields.discount_amount') : t('lines.fields.discount_percent')}
              value={line.discount_value}
              inputMode="decimal"
              disabled={!line.discount_type}
              hint={line.discount_type === 'quantity' ? t('lines.amountHint') : t('lines.percentHint')}
              onChange={(discount_value) => set(line.key, { discount_value })}
            />
          </div>
          {!ctx.disabled && (
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('lines.removeNamed', { name: nameOf(line) })} onClick={() => onChange(lines.filter((l) => l.key !== line.key))}>
              {t('remove')}
            </button>
          )}
        </fieldset>
      ))}
      <FieldErrorMessage form={ctx.formId} field="pack_items" error={error} />
      {!ctx.disabled && (
        <div className="products-line__add">
          <span className="vk-label">{t('lines.add')}</span>
          <SearchPicker<Product>
            label={t('lines.add')}
            placeholder={t('lines.search')}
            find={api.products.find}
            itemKey={(p) => p.id}
            itemLabel={(p) => p.name}
            itemDetail={(p) => `${p.reference} · ${formatEuros(p.price)}`}
            taken={(p) => p.id === packId || lines.some((l) => l.product_id === p.id)}
            onChoose={(p) => onChange([...lines, newLine(p)])}
            testId="lines-picker"
          />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The pack's lines as the host priced them (`pack_lines`): units, unit price, gross, discount
 * and net, and the pack's price, their sum.
 */
export function SavedPackLines({ lines, price }: { lines: PackLine[]; price: number }) {
  const { t } = useTranslation(NAMESPACE);
  const discount = (l: PackLine) => {
    if (!l.discount_type) return formatEuros(l.discount);
    return l.discount_type === 'percent' ? t('lines.percentOff', { rate: rateText(l.discount_value), amount: formatEuros(l.discount) }) : formatEuros(l.discount);
  };
  const columns: Column<PackLine>[] = [
    {
      key: 'name',
      header: t('lines.columns.product'),
      render: (l) => (
        <Link to={productViewPath(l.product_id, false)} data-testid="saved-line-name">
          {l.name}
        </Link>
      ),
    },
    { key: 'quantity', header: t('lines.columns.quantity'), className: 'products-num' },
    { key: 'unit_price', header: t('lines.columns.unit_price'), className: 'products-num', render: (l) => formatEuros(l.unit_price) },
    { key: 'gross', header: t('lines.columns.gross'), className: 'products-num', render: (l) => formatEuros(l.gross) },
    { key: 'discount', header: t('lines.columns.discount'), className: 'products-num', render: discount },
    { key: 'net', header: t('lines.columns.net'), className: 'products-num', render: (l) => formatEuros(l.net) },
  ];
  return (
    <section className="products-saved-lines" aria-labelledby="products-saved-lines-title" data-testid="saved-lines">
      <h3 id="products-saved-lines-title" className="products-subtitle">
        {t('lines.saved')}
      </h3>
      <DataTable<PackLine> label={t('lines.saved')} columns={columns} rows={lines} rowKey={(l) => l.product_id} empty={t('lines.none')} />
      <p className="products-pack-price" data-testid="pack-price">
        {t('lines.packPrice', { price: formatEuros(price) })}
      </p>
    </section>
  );
}

/**
 * What the budget and invoice editors edit: the text as typed (amounts already in cents), turned
 * into the plugin's body on submit and into live totals while typing.
 */
import { parseScaled } from '@volante/plugin-ui';
import type { Budget, CatalogueProduct, DiscountType, DocumentBody, Invoice, Tax } from '../api';
import { percentText, quantityText, todayIso } from '../format';
import { computeTotals, type Discount, type Totals } from '../totals';
import type { PickedContact } from './ContactPicker';

export interface LineDraft {
  key: number;
  concept: string;
  /** Cents, null while empty or invalid. */
  price: number | null;
  quantity: string;
  discountType: DiscountType | '';
  /** Percent as typed (`10,5`). */
  discountPercent: string;
  /** Cents. */
  discountAmount: number | null;
  taxId: number | null;
  /** The catalogue's product the line came from (kept when saved), null for a line typed by hand. */
  productId: number | null;
  /** The product's reference, known when it was chosen in this editor (a stored line has only the id). */
  productReference?: string;
}

export interface DocumentDraft {
  seriesId: number | null;
  groupId: number | null;
  issueDate: string;
  dueDate: string;
  contact: PickedContact | null;
  lines: LineDraft[];
  discountType: DiscountType | '';
  discountPercent: string;
  discountAmount: number | null;
  notes: string;
}

let nextKey = 1;

export function blankLine(taxId: number | null): LineDraft {
  return { key: nextKey++, concept: '', price: null, quantity: '1', discountType: '', discountPercent: '', discountAmount: null, taxId, productId: null };
}

/** The taxes a new line may carry: active, of a region switched on. */
function newLineTaxes(taxes: Tax[]): Tax[] {
  return taxes.filter((t) => t.state === 'active' && t.region_active !== false);
}

/** The tax new lines get: the one marked default among the usable ones, else the first usable. */
export function defaultTaxId(taxes: Tax[]): number | null {
  const usable = newLineTaxes(taxes);
  return (usable.find((t) => t.is_default) ?? usable[0])?.id ?? null;
}

/** A line typed by nobody yet: no concept, price, product or discount. */
export function isEmptyLine(line: LineDraft): boolean {
  return line.concept.trim() === '' && line.price === null && line.productId === null && line.discountType === '';
}

/**
 * A product of the catalogue as a line: its name, price and one unit; its tax when a new line may
 * carry it, else the default tax (a product priced with only a rate, or with a tax since switched
 * off).
 */
export function productLine(product: CatalogueProduct, taxes: Tax[]): LineDraft {
  const taxId = product.tax_id !== null && newLineTaxes(taxes).some((t) => t.id === product.tax_id) ? product.tax_id : defaultTaxId(taxes);
  return { ...blankLine(taxId), concept: product.name, price: product.price, productId: product.id, productReference: product.reference || undefined };
}

/** The lines with a product added: it fills the last line when that one is still empty. */
export function withProduct(lines: LineDraft[], product: CatalogueProduct, taxes: Tax[]): LineDraft[] {
  const line = productLine(product, taxes);
  const last = lines.at(-1);
  if (last && isEmptyLine(last)) return [...lines.slice(0, -1), { ...line, key: last.key }];
  return [...lines, line];
}

export function blankDraft(seriesId: number | null, taxes: Tax[], contact: PickedContact | null = null): DocumentDraft {
  return {
    seriesId,
    groupId: null,
    issueDate: todayIso(),
    dueDate: '',
    contact,
    lines: [blankLine(defaultTaxId(taxes))],
    discountType: '',
    discountPercent: '',
    discountAmount: null,
    notes: '',
  };
}

/** A stored budget or invoice as a draft to edit. */
export function draftOf(doc: Budget | Invoice): DocumentDraft {
  const discount = (type: DiscountType | null, value: number) => ({
    discountType: (type ?? '') as DiscountType | '',
    discountPercent: type === 'percent' ? percentText(value) : '',
    discountAmount: type === 'amount' ? value : null,
  });
  return {
    seriesId: doc.series_id,
    groupId: 'group_id' in doc ? doc.group_id : null,
    issueDate: doc.issue_date,
    dueDate: doc.due_date ?? '',
    contact: doc.contact_id ? { id: doc.contact_id, name: doc.contact?.name ?? '', taxCode: doc.contact?.tax_code ?? '', email: doc.contact?.email } : null,
    lines: (doc.lines ?? []).map((l) => ({
      key: nextKey++,
      concept: l.concept,
      price: l.price,
      quantity: quantityText(l.quantity),
      taxId: l.tax_id,
      productId: l.product_id ?? null,
      ...discount(l.discount_type, l.discount_value),
    })),
    ...discount(doc.discount_type, doc.discount_value),
    notes: doc.notes ?? '',
  };
}

function discountOf(type: DiscountType | '', percent: string, amount: number | null): Discount | null {
  if (type === 'percent') {
    const value = parseScaled(percent, 2);
    return value === null || value > 10_000 ? null : { kind: 'percent', value };
  }
  if (type === 'amount') return amount === null ? null : { kind: 'amount', value: amount };
  return { kind: 'none' };
}

/**
 * The fields of the draft that are not valid numbers (`lines[0].quantity`…), as the server names
 * them. A price not typed yet counts only `forSubmit` (the live totals take it as 0; the price
 * field marks text that is not an amount by itself).
 */
export function invalidFields(draft: DocumentDraft, forSubmit = true): string[] {
  const bad: string[] = [];
  draft.lines.forEach((l, i) => {
    if (l.price === null && forSubmit) bad.push(`lines[${i}].price`);
    if (parseScaled(l.quantity, 3) === null) bad.push(`lines[${i}].quantity`);
    if (discountOf(l.discountType, l.discountPercent, l.discountAmount) === null) bad.push(`lines[${i}].discount`);
  });
  if (discountOf(draft.discountType, draft.discountPercent, draft.discountAmount) === null) bad.push('discount');
  return bad;
}

/** The live totals, or null while a number is not valid. */
export function previewTotals(draft: DocumentDraft, taxes: Tax[]): Totals | null {
  if (invalidFields(draft, false).length) return null;
  const rate = (id: number | null) => taxes.find((t) => t.id === id)?.rate ?? 0;
  return computeTotals(
    draft.lines.map((l) => ({
      price: l.price ?? 0,
      quantity: parseScaled(l.quantity, 3) ?? 0,
      discount: discountOf(l.discountType, l.discountPercent, l.discountAmount) ?? { kind: 'none' },
      taxRate: rate(l.taxId),
    })),
    discountOf(draft.discountType, draft.discountPercent, draft.discountAmount) ?? { kind: 'none' },
  );
}

function discountValue(d: Discount | null): number {
  if (!d || d.kind === 'none') return 0;
  return d.kind === 'percent' ? d.value / 100 : d.value;
}

/** The plugin's body (`billing_document`): money in cents, quantity and percentages as decimals. */
export function bodyOf(draft: DocumentDraft): DocumentBody {
  return {
    series_id: draft.seriesId,
    group_id: draft.groupId,
    issue_date: draft.issueDate,
    due_date: draft.dueDate,
    contact_id: draft.contact?.id ?? null,
    lines: draft.lines.map((l) => ({
      concept: l.concept.trim(),
      product_id: l.productId,
      price: l.price ?? 0,
      quantity: (parseScaled(l.quantity, 3) ?? 0) / 1000,
      discount_type: l.discountType || null,
      discount: discountValue(discountOf(l.discountType, l.discountPercent, l.discountAmount)),
      tax_id: l.taxId,
    })),
    discount_type: draft.discountType || null,
    discount: discountValue(discountOf(draft.discountType, draft.discountPercent, draft.discountAmount)),
    notes: draft.notes.trim(),
  };
}

/**
 * A product's form as it is held (text as typed, money in cents) and the body it sends: what the
 * README's fields take, in cents and hundredths of a percent.
 */
import { centsToInput, parseEuros } from '@volante/plugin-ui';
import type { CustomerModeKind, DiscountType, FormativeKind, OnlineTestKind, PackItem, Process, ProcessKind, ProductDetail, ProductFields, ProductStatus, Taxes } from '../api';
import { CUSTOMER_MODE_KINDS, FORMATIVE_KINDS, MAX_CLASSES, MAX_PERCENTAGE, MAX_QUANTITY, MAX_REPETITIONS, MAX_TEST_DAYS, ONLINE_TEST_KINDS, PROCESS_KINDS } from '../lists';
import { parseRate, parseWhole, rateInput, uniqueIds } from '../format';

/** The form's tabs (the spec's): "Productos" only for a pack, then "Procesos automáticos". */
export const TABS = ['general', 'purchases', 'sales', 'lines', 'processes'] as const;
export type Tab = (typeof TABS)[number];

export const GENERAL_FIELDS = ['reference', 'name', 'description', 'status', 'image_file_id', 'file_ids', 'category_ids'] as const;
export const PURCHASE_FIELDS = ['provider_ids', 'provider_reference', 'purchase_price'] as const;
export const SALES_FIELDS = ['price', 'tax_id', 'tax_rate', 'price_visible'] as const;
/** A pack line's fields: the host names them `pack_items[i].field`. */
export const LINE_FIELDS = ['product_id', 'quantity', 'discount_type', 'discount_value'] as const;
export type LineField = (typeof LINE_FIELDS)[number];
/** An automatic process's fields: the host names them `processes[i].field`. */
export const PROCESS_FIELDS = ['kind', 'agreement_id', 'subject', 'body', 'licence', 'days', 'content_id', 'percentage', 'practice_type_id', 'quantity', 'repetitions'] as const;
export type ProcessField = (typeof PROCESS_FIELDS)[number];
export const PRODUCT_FIELDS = [...GENERAL_FIELDS, ...PURCHASE_FIELDS, ...SALES_FIELDS, 'pack_items', 'processes'] as const;

/** The name the host gives a pack line's field. */
export const lineField = (index: number, field: LineField) => `pack_items[${index}].${field}`;
/** The name the host gives an automatic process's field. */
export const processField = (index: number, field: ProcessField) => `processes[${index}].${field}`;

/** The tab a field of the form is on. */
export function tabOf(field: string): Tab {
  if (field.startsWith('pack_items')) return 'lines';
  if (field === 'processes' || field.startsWith('processes[')) return 'processes';
  if ((PURCHASE_FIELDS as readonly string[]).includes(field)) return 'purchases';
  if ((SALES_FIELDS as readonly string[]).includes(field)) return 'sales';
  return 'general';
}

/** The tax select's value for "another rate" (no billing tax: `tax_id` null and a `tax_rate`). */
export const CUSTOM_TAX = 'custom';

export interface Amount {
  cents: number | null;
  text: string;
}

/** A pack line as the form holds it. */
export interface LineDraft {
  /** Stable while the lines are edited (React's key). */
  key: number;
  product_id: number;
  name: string;
  reference: string;
  quantity: string;
  discount_type: '' | DiscountType;
  /** A percentage (`10`, `12,5`) or an amount in euros (`5,50`), after the type. */
  discount_value: string;
}

/** An automatic process as the form holds it. */
export interface ProcessDraft {
  /** Stable while the processes are edited (React's key). */
  key: number;
  /** One of `PROCESS_KINDS`, or a kind of the host's this form does not edit (kept as it was). */
  kind: ProcessKind | (string & {});
  /** A stored process of a kind the form does not edit: sent back unchanged while its kind stays. */
  stored: Process | null;
  /** The agreement's id as text (the select's value), '' when none is chosen. */
  agreement_id: string;
  subject: string;
  body: string;
  /** An online-test or test-repetitions process's licence class, '' when none is chosen. */
  licence: string;
  /** An online-test or formative-content process's days as typed ('' for a content's own). */
  days: string;
  /** A formative process's content id as text (the select's value), '' when none is chosen. */
  content_id: string;
  /** A content-percentage process's percentage as typed. */
  percentage: string;
  /** A practical-classes process's type of lesson as text (the select's value), '' when none is chosen. */
  practice_type_id: string;
  /** A practical-classes process's lessons per unit bought as typed. */
  quantity: string;
  /** A test-repetitions process's repetitions of each test as typed. */
  repetitions: string;
}

export interface ProductDraft {
  reference: string;
  name: string;
  description: string;
  status: ProductStatus;
  image_file_id: number | null;
  files: { id: number; name: string | null }[];
  /** Category ids as text (the check boxes' values), in the order chosen. */
  category_ids: string[];
  providers: { id: number; name: string | null }[];
  provider_reference: string;
  purchase_price: Amount;
  price: Amount;
  /** A billing tax's id, or `CUSTOM_TAX`. */
  tax: string;
  /** A percentage as typed (`21`, `9,5`). */
  tax_rate: string;
  price_visible: boolean;
  lines: LineDraft[];
  processes: ProcessDraft[];
}

let nextKey = 1;
/** A new line for a product chosen (one unit, no discount). */
export function newLine(product: { id: number; name: string; reference: string }): LineDraft {
  return { key: nextKey++, product_id: product.id, name: product.name, reference: product.reference, quantity: '1', discount_type: '', discount_value: '' };
}

/** Whether the form edits processes of this kind (one of `PROCESS_KINDS`). */
export const editableKind = (kind: string): kind is ProcessKind => (PROCESS_KINDS as string[]).includes(kind);
/** Whether a process gives days of the online tests (a licence and the days). */
export const onlineTestKind = (kind: string): kind is OnlineTestKind => (ONLINE_TEST_KINDS as string[]).includes(kind);
/** Whether a process works on a content of the formative module (the content, then days or a percentage). */
export const formativeKind = (kind: string): kind is FormativeKind => (FORMATIVE_KINDS as string[]).includes(kind);
/** Whether a process sets the buyer's mode in the online shop (demo or enrolled: no fields). */
export const customerModeKind = (kind: string): kind is CustomerModeKind => (CUSTOMER_MODE_KINDS as string[]).includes(kind);

/** A new process (an e-mail, which needs no other module), or a stored one to edit. */
export function newProcess(process: Partial<Process> = {}): ProcessDraft {
  const kind = process.kind ?? 'email';
  return {
    key: nextKey++,
    kind,
    stored: editableKind(kind) ? null : ({ ...process, kind } as Process),
    agreement_id: process.agreement_id ? String(process.agreement_id) : '',
    subject: process.subject ?? '',
    body: process.body ?? '',
    licence: process.licence ?? '',
    days: typeof process.days === 'number' ? String(process.days) : '',
    content_id: process.content_id ? String(process.content_id) : '',
    percentage: typeof process.percentage === 'number' ? String(process.percentage) : '',
    practice_type_id: process.practice_type_id ? String(process.practice_type_id) : '',
    quantity: typeof process.quantity === 'number' ? String(process.quantity) : '',
    repetitions: typeof process.repetitions === 'number' ? String(process.repetitions) : '',
  };
}

/**
 * A process as it is sent: a contract its agreement, an e-mail its subject and text, an
 * online-test one its licence and days, a formative content its content and days (null: the
 * content's own), a content percentage its content and percentage, practical classes their
 * type and quantity, a customer mode nothing but its kind, test repetitions their licence and
 * repetitions. The stored ones (which keep every field, the kind's others empty) go through it
 * too, so that an update compares like with like.
 */
export function sentProcess(process: Process): Process {
  if (process.kind === 'contract') return { kind: 'contract', agreement_id: process.agreement_id ?? null };
  if (process.kind === 'email') return { kind: 'email', subject: process.subject ?? '', body: process.body ?? '' };
  if (onlineTestKind(process.kind)) return { kind: process.kind, licence: process.licence ?? '', days: process.days ?? null };
  if (process.kind === 'formative_content') return { kind: 'formative_content', content_id: process.content_id ?? null, days: process.days ?? null };
  if (process.kind === 'formative_percentage') return { kind: 'formative_percentage', content_id: process.content_id ?? null, percentage: process.percentage ?? null };
  if (process.kind === 'practice_class') return { kind: 'practice_class', practice_type_id: process.practice_type_id ?? null, quantity: process.quantity ?? null };
  if (customerModeKind(process.kind)) return { kind: process.kind };
  if (process.kind === 'test_repetitions') return { kind: 'test_repetitions', licence: process.licence ?? '', repetitions: process.repetitions ?? null };
  return process;
}

/** A discount as typed: a percentage from hundredths, euros from cents. */
function discountText(item: PackItem): string {
  if (item.discount_type === 'percent') return rateInput(item.discount_value);
  if (item.discount_type === 'quantity') return centsToInput(item.discount_value);
  return '';
}

/**
 * The form's start: the product's fields, or a new one's (published, price shown, the billing
 * module's default tax when it is on). A pack's lines take their names from `pack_lines`.
 */
export function productDraft(product: ProductDetail | null, taxes: Taxes): ProductDraft {
  const defaultTax = taxes.available ? (taxes.taxes.find((x) => x.is_default) ?? taxes.taxes[0]) : undefined;
  const tax = product ? (product.tax_id !== null && taxes.available ? String(product.tax_id) : CUSTOM_TAX) : defaultTax ? String(defaultTax.id) : CUSTOM_TAX;
  return {
    reference: product?.reference ?? '',
    name: product?.name ?? '',
    description: product?.description ?? '',
    status: product?.status ?? 'published',
    image_file_id: product?.image_file_id ?? null,
    files: product ? product.file_ids.map((id) => ({ id, name: product.files.find((f) => f.id === id)?.name ?? null })) : [],
    category_ids: (product?.category_ids ?? []).map(String),
    providers: product ? product.provider_ids.map((id) => ({ id, name: product.providers.find((p) => p.id === id)?.name ?? null })) : [],
    provider_reference: product?.provider_reference ?? '',
    purchase_price: { cents: product?.purchase_price ?? null, text: '' },
    price: { cents: product?.price ?? null, text: '' },
    tax,
    tax_rate: product ? rateInput(product.tax_rate) : '',
    price_visible: product?.price_visible ?? true,
    lines: (product?.pack_items ?? []).map((item) => {
      const line = product?.pack_lines.find((l) => l.product_id === item.product_id);
      return { ...newLine({ id: item.product_id, name: line?.name ?? '', reference: line?.reference ?? '' }), quantity: String(item.quantity), discount_type: item.discount_type ?? '', discount_value: discountText(item) };
    }),
    processes: (product?.processes ?? []).map(newProcess),
  };
}

/**
 * Why the form refuses a field before sending anything. Those of the practical-classes and
 * test-repetitions processes say what the host would: `practiceType` "Elija el tipo de práctica",
 * `testLicence` "Elija el permiso de los tests", `classes` 1–200 lessons, `repetitions` 0–99.
 */
export type Problem = 'required' | 'amount' | 'rate' | 'quantity' | 'days' | 'percentage' | 'practiceType' | 'testLicence' | 'classes' | 'repetitions';
export type ProductBodyResult = { body: Partial<ProductFields> } | { problems: Record<string, Problem> };

/** An amount typed in euros: cents, 0 when empty, null when it is not one. */
const amountOf = (amount: Amount) => (amount.cents !== null ? amount.cents : amount.text.trim() ? null : 0);

/**
 * The body to send, or every field the form refuses (name required; amounts in euros; rates
 * 0–100 %; a line's units 1–999 and its discount; a contract process's agreement, an e-mail
 * process's subject and text, an online-test process's licence and days 1–1095, a formative
 * process's content, a formative content's days 1–1095 when typed and a content percentage's
 * 1–100, a practical-classes process's type and lessons 1–200, a test-repetitions process's
 * licence and repetitions 0–99). Money goes in cents and percentages in
 * hundredths; lists once each, in order (the host's `field[i]` names the i-th sent). A pack's
 * price is left out (the host works it out from its lines); with the billing module on, a
 * billing tax sends its `tax_id` alone, "another rate" sends `tax_id: null` and the rate.
 */
export function productBody(draft: ProductDraft, { isPack, taxesAvailable }: { isPack: boolean; taxesAvailable: boolean }): ProductBodyResult {
  const problems: Record<string, Problem> = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'required';
  const purchase = amountOf(draft.purchase_price);
  if (purchase === null) problems.purchase_price = 'amount';
  const price = amountOf(draft.price);
  if (!isPack && price === null) problems.price = 'amount';

  const custom = !taxesAvailable || draft.tax === CUSTOM_TAX;
  const rate = draft.tax_rate.trim() ? parseRate(draft.tax_rate) : 0;
  if (custom && rate === null) problems.tax_rate = 'rate';

  const items: PackItem[] = draft.lines.map((line, i) => {
    const quantity = parseWhole(line.quantity);
    if (quantity === null || quantity < 1 || quantity > MAX_QUANTITY) problems[lineField(i, 'quantity')] = line.quantity.trim() ? 'quantity' : 'required';
    let value: number | null = 0;
    if (line.discount_type) {
      const text = line.discount_value.trim();
      value = !text ? null : line.discount_type === 'percent' ? parseRate(text) : parseEuros(text);
      if (value === null) problems[lineField(i, 'discount_value')] = !text ? 'required' : line.discount_type === 'percent' ? 'rate' : 'amount';
    }
    return { product_id: line.product_id, quantity: quantity ?? 0, discount_type: line.discount_type || null, discount_value: value ?? 0 };
  });
  const processes: Process[] = draft.processes.map((process, i) => {
    if (!editableKind(process.kind)) return sentProcess(process.stored ?? { kind: process.kind });
    if (process.kind === 'contract') {
      if (!process.agreement_id) problems[processField(i, 'agreement_id')] = 'required';
      return { kind: 'contract', agreement_id: Number(process.agreement_id) || null };
    }
    if (onlineTestKind(process.kind)) {
      if (!process.licence) problems[processField(i, 'licence')] = 'required';
      const days = parseWhole(process.days);
      if (days === null || days < 1 || days > MAX_TEST_DAYS) problems[processField(i, 'days')] = process.days.trim() ? 'days' : 'required';
      return { kind: process.kind, licence: process.licence, days: days ?? null };
    }
    if (formativeKind(process.kind)) {
      if (!process.content_id) problems[processField(i, 'content_id')] = 'required';
      const content_id = Number(process.content_id) || null;
      if (process.kind === 'formative_content') {
        // empty: the content's own access days (sent as null)
        const typed = process.days.trim();
        const days = typed ? parseWhole(typed) : null;
        if (typed && (days === null || days < 1 || days > MAX_TEST_DAYS)) problems[processField(i, 'days')] = 'days';
        return { kind: 'formative_content', content_id, days };
      }
      const percentage = parseWhole(process.percentage);
      if (percentage === null || percentage < 1 || percentage > MAX_PERCENTAGE) problems[processField(i, 'percentage')] = process.percentage.trim() ? 'percentage' : 'required';
      return { kind: 'formative_percentage', content_id, percentage: percentage ?? null };
    }
    if (process.kind === 'practice_class') {
      if (!process.practice_type_id) problems[processField(i, 'practice_type_id')] = 'practiceType';
      const quantity = parseWhole(process.quantity);
      if (quantity === null || quantity < 1 || quantity > MAX_CLASSES) problems[processField(i, 'quantity')] = process.quantity.trim() ? 'classes' : 'required';
      return { kind: 'practice_class', practice_type_id: Number(process.practice_type_id) || null, quantity: quantity ?? null };
    }
    if (customerModeKind(process.kind)) return { kind: process.kind };
    if (process.kind === 'test_repetitions') {
      if (!process.licence) problems[processField(i, 'licence')] = 'testLicence';
      const repetitions = parseWhole(process.repetitions);
      if (repetitions === null || repetitions > MAX_REPETITIONS) problems[processField(i, 'repetitions')] = process.repetitions.trim() ? 'repetitions' : 'required';
      return { kind: 'test_repetitions', licence: process.licence, repetitions: repetitions ?? null };
    }
    const subject = process.subject.trim();
    const text = process.body.trim();
    if (!subject) problems[processField(i, 'subject')] = 'required';
    if (!text) problems[processField(i, 'body')] = 'required';
    return { kind: process.kind, subject, body: text };
  });
  if (Object.keys(problems).length > 0) return { problems };

  const tax: Partial<ProductFields> = !taxesAvailable ? { tax_rate: rate ?? 0 } : custom ? { tax_id: null, tax_rate: rate ?? 0 } : { tax_id: Number(draft.tax) };
  return {
    body: {
      reference: draft.reference.trim(),
      name,
      description: draft.description.trim(),
      status: draft.status,
      image_file_id: draft.image_file_id,
      file_ids: uniqueIds(draft.files.map((f) => f.id)),
      category_ids: uniqueIds(draft.category_ids.map(Number)),
      provider_ids: uniqueIds(draft.providers.map((p) => p.id)),
      provider_reference: draft.provider_reference.trim(),
      purchase_price: purchase ?? 0,
      ...(isPack ? {} : { price: price ?? 0 }),
      ...tax,
      price_visible: draft.price_visible,
      ...(isPack ? { pack_items: items } : {}),
      processes,
    },
  };
}

import type { ApiClient, Base64File, FoundContact, ListPage } from '@volante/plugin-ui';

/** Money is integer cents; quantities thousandths; rates and percentages hundredths of a percent. */
export type Cents = number;

export type DiscountType = 'percent' | 'amount';
export type PaymentMethod = 'cash' | 'card' | 'bizum' | 'transfer';
export const PAYMENT_METHODS: PaymentMethod[] = ['cash', 'card', 'bizum', 'transfer'];

export interface Series {
  id: number;
  state: 'active' | 'inactive' | 'deleted';
  code: string;
  name: string;
  description: string;
  simplified: boolean;
  issuer_tax_code: string;
  issuer_name: string;
  issuer_street: string;
  issuer_postal_code: string;
  issuer_town: string;
  issuer_province_id: number | null;
  iban: string;
  branch_id: number | null;
  /** `sales/billing/read` only: the next numbers of the current year. */
  next_invoice?: number;
  next_budget?: number;
  [field: string]: unknown;
}

export interface Tax {
  id: number;
  state: 'active' | 'inactive' | 'deleted';
  name: string;
  kind: 'IVA' | 'IGIC' | 'IPSI';
  rate: number;
  tax_group: string;
  region: string;
  is_default: boolean;
  /** `tax/read` (the list): whether the tax's region is on. */
  region_active?: boolean;
  [field: string]: unknown;
}

export interface TaxRegion {
  code: string;
  name: string;
  active: boolean;
}

export interface TaxGroup {
  name: string;
  taxes: Tax[];
}

/** The contact block copied onto a document. */
export interface ContactBlock {
  id: number | null;
  branch_id?: number | null;
  type: string;
  name: string;
  tax_code: string;
  email: string;
  phone: string;
  address: { street: string; city: string; province_id: number | null; postal_code: string };
}

/** A stored line, with the tax copied and the amounts computed by the server. */
export interface DocLine {
  position: number;
  concept: string;
  product_id: number | null;
  price: Cents;
  /** Thousandths. */
  quantity: number;
  discount_type: DiscountType | null;
  /** Hundredths of a percent or cents. */
  discount_value: number;
  tax_id: number | null;
  tax_name: string;
  tax_kind: string;
  tax_rate: number;
  gross: Cents;
  discount: Cents;
  base: Cents;
  tax: Cents;
  total: Cents;
}

interface DocumentCommon {
  id: number;
  series_id: number;
  branch_id: number | null;
  reference: string | null;
  year: number | null;
  number: number | null;
  issue_date: string;
  due_date: string | null;
  contact_id: number | null;
  contact: ContactBlock | null;
  discount_type: DiscountType | null;
  discount_value: number;
  gross: Cents;
  discount: Cents;
  base: Cents;
  tax: Cents;
  total: Cents;
  notes: string;
  created_at: string;
  updated_at: string;
  lines?: DocLine[];
}

export type BudgetState = 'pending' | 'billed' | 'deleted';
export interface Budget extends DocumentCommon {
  state: BudgetState;
  group_id: number | null;
  invoice_id: number | null;
}

export type InvoiceState = 'draft' | 'issued' | 'voided' | 'deleted';
export interface Payment {
  id: number;
  amount: Cents;
  method: PaymentMethod;
  paid_on: string;
  notes: string;
  state: 'active' | 'deleted';
}
export interface Invoice extends DocumentCommon {
  state: InvoiceState;
  invoice_type: 'F1' | 'F2';
  paid: Cents;
  budget_id: number | null;
  void_reason?: string | null;
  payments?: Payment[];
  outstanding?: Cents;
  qr_url?: string;
  verifactu?: { seq: number; kind: string; fingerprint: string }[];
}

export interface BudgetGroup {
  id: number;
  name: string;
  description: string;
  budgets?: number;
}

/** A line as the editor sends it (quantity and percentages as decimals, money in cents). */
export interface LineBody {
  concept: string;
  /** The catalogue's product the line sells (the products module), kept when saved. */
  product_id?: number | null;
  price: Cents;
  quantity: number;
  discount_type: DiscountType | null;
  discount: number;
  tax_id: number | null;
}

export interface DocumentBody {
  id?: number;
  series_id: number | null;
  group_id?: number | null;
  issue_date: string;
  due_date: string;
  contact_id: number | null;
  lines: LineBody[];
  discount_type: DiscountType | null;
  discount: number;
  notes: string;
  draft?: boolean;
  issue?: boolean;
}

/** `ticket/create`: a simplified invoice, issued at once and paid in the same call. */
export interface TicketBody {
  series_id: number | null;
  issue_date: string;
  lines: LineBody[];
  payments: { amount: Cents; method: PaymentMethod; date: string }[];
}

export interface ListBody {
  search: string;
  page: number;
  per_page: number;
  state?: string;
  series_id?: number;
  group_id?: number;
}

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** The products module's service and permission: with both, the editors offer its catalogue. */
export const PRODUCT_SERVICE = 'product';
export const PRODUCT_PERMISSION = 'product';

export type ProductStatus = 'published' | 'featured' | 'hidden' | 'discontinued';

/** `product/read` (the products module): a product of the catalogue, as a line takes it. */
export interface CatalogueProduct {
  id: number;
  reference: string;
  name: string;
  /** Cents, without tax. */
  price: Cents;
  /** A billing tax, or null when the product has only a rate. */
  tax_id: number | null;
  tax_rate: number;
  total: Cents;
  is_pack: boolean;
  status: ProductStatus;
  state: 'active' | 'inactive' | 'deleted';
}

export interface ChartData {
  year: number;
  months: { month: string; income: Cents; expenses: Cents; balance: Cents; running: Cents }[];
  income: Cents;
  expenses: Cents;
  balance: Cents;
  labels: string[];
}

export interface CashMovement {
  id: number;
  state: string;
  date: string;
  concept: string;
  direction: 'in' | 'out';
  amount: Cents;
  method: PaymentMethod;
  contact_id: number | null;
  notes: string;
}

export interface Expense {
  id: number;
  state: string;
  date: string;
  concept: string;
  category: string;
  provider_contact_id: number | null;
  provider_name: string;
  provider_tax_code: string;
  document_number: string;
  base: Cents;
  /** Hundredths of a percent. */
  tax_rate: number;
  tax: Cents;
  total: Cents;
  method: PaymentMethod;
  notes: string;
}

export interface ContactCashflow {
  contact_id: number;
  movements: { kind: 'invoice' | 'payment' | 'movement'; invoice_id?: number; concept: string; date: string; amount: Cents; method?: string; direction?: string; owed: Cents }[];
  invoiced: Cents;
  paid: Cents;
  outstanding: Cents;
}

export interface XmlFile {
  filename: string;
  content_type: string;
  xml: string;
}

export interface EmailBody {
  id: number;
  to: string[];
  subject: string;
  message: string;
}

/** The billing plugin's calls (and the contacts finder and products catalogue the editors use). */
export function billingApi(api: ApiClient) {
  return {
    series: {
      list: () => api.get<Series[]>('sales/billing/read'),
      read: (id: number) => api.get<Series>(`sales/billing/read/${id}`),
      maxInvoice: (id: number) => api.get<{ max: number; next: number; year: number }>(`sales/billing/maxinvoice/${id}`),
      maxBudget: (id: number) => api.get<{ max: number; next: number; year: number }>(`sales/billing/maxbudget/${id}`),
      create: (fields: Record<string, unknown>) => api.post<Series>('sales/billing/create', fields),
      update: (id: number, fields: Record<string, unknown>) => api.post<Series>('sales/billing/update', { ...fields, id }),
      remove: (id: number) => api.post<Series>('sales/billing/delete', { id }),
    },
    taxes: {
      list: () => api.get<Tax[]>('tax/read'),
      read: (id: number) => api.get<Tax>('tax/read', { id }),
      groups: () => api.get<TaxGroup[]>('tax/group'),
      regions: () => api.get<TaxRegion[]>('tax/region'),
      setRegion: (code: string, active: boolean) => api.post<TaxRegion>('tax/region', { code, active }),
      create: (fields: Record<string, unknown>) => api.post<Tax>('tax/create', fields),
      update: (id: number, fields: Record<string, unknown>) => api.post<Tax>('tax/update', { ...fields, id }),
      remove: (id: number) => api.post<Tax>('tax/delete', { id }),
    },
    budgets: {
      list: (body: ListBody) => api.post<ListPage<Budget>>('budget/readall', body),
      read: (id: number) => api.get<Budget>(`budget/read/${id}`),
      create: (body: DocumentBody) => api.post<Budget>('budget/create', body),
      update: (body: DocumentBody) => api.post<Budget>('budget/update', body),
      remove: (id: number) => api.post<{ id: number; state: string }>('budget/delete', { id }),
      pdf: (id: number) => api.get<Base64File>(`budget/pdf/${id}`),
      email: (body: EmailBody) => api.post<{ to: string[] }>('budget/email', body),
      groups: () => api.get<BudgetGroup[]>('budget/group/read'),
      createGroup: (name: string) => api.post<BudgetGroup>('budget/group/create', { name }),
      removeGroup: (id: number) => api.post<BudgetGroup>('budget/group/delete', { id }),
      /** Bills the budget: the invoice is created from it and issued (irreversible). */
      bill: (budgetId: number) => api.post<Invoice>('invoice/create', { budget_id: budgetId }),
    },
    invoices: {
      list: (body: ListBody) => api.post<ListPage<Invoice>>('invoice/readall', body),
      read: (id: number) => api.get<Invoice>(`invoice/read/${id}`),
      create: (body: DocumentBody) => api.post<Invoice>('invoice/create', body),
      update: (body: DocumentBody) => api.post<Invoice>('invoice/update', body),
      remove: (id: number, reason = '') => api.post<Invoice | { id: number; state: string }>('invoice/delete', { id, reason }),
      pay: (invoiceId: number, payment: { amount: Cents; method: PaymentMethod; date: string; notes: string }) =>
        api.post<Invoice>('invoice/payment/create', { ...payment, invoice_id: invoiceId }),
      removePayment: (id: number) => api.post<Invoice>('invoice/payment/delete', { id }),
      pdf: (id: number) => api.get<Base64File>(`invoice/pdf/${id}`),
      xml: (id: number) => api.post<XmlFile>('invoice/electronic/create', { id }),
      email: (body: EmailBody) => api.post<{ to: string[] }>('invoice/email', body),
    },
    tickets: {
      list: (body: ListBody) => api.post<ListPage<Invoice>>('ticket/readall', body),
      create: (body: TicketBody) => api.post<Invoice>('ticket/create', body),
    },
    cashflow: {
      chart: (year: number) => api.get<ChartData>('ticket/chart', { year }),
      movements: (body: { search: string; page: number; per_page: number }) => api.post<ListPage<CashMovement>>('sales/cashflow/readall', body),
      createMovement: (fields: Record<string, unknown>) => api.post<CashMovement>('sales/cashflow/create', fields),
      removeMovement: (id: number) => api.post<CashMovement>('sales/cashflow/delete', { id }),
      contact: (contactId: number) => api.get<ContactCashflow>('ticket/contact/cashflow/read', { contact_id: contactId }),
      expenses: (body: { search: string; page: number; per_page: number }) => api.post<ListPage<Expense>>('expense/readall', body),
      createExpense: (fields: Record<string, unknown>) => api.post<Expense>('expense/create', fields),
      updateExpense: (id: number, fields: Record<string, unknown>) => api.post<Expense>('expense/update', { ...fields, id }),
      removeExpense: (id: number) => api.post<Expense>('expense/delete', { id }),
    },
    contacts: {
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search }),
      read: (id: number) => api.get<FoundContact>(`contact/read/${id}`),
    },
    products: {
      /** Active products matching the search (trimmed, from 2 characters), ten at most. */
      find: async (search: string) => (await api.get<ListPage<CatalogueProduct>>('product/read', { search, state: 'active', per_page: 10 })).items,
    },
  };
}

export type BillingApi = ReturnType<typeof billingApi>;

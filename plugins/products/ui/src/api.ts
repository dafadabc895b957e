import { compactQuery, type ApiClient, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** A product's status (README): shown in the web shop, featured there, hidden, or no longer sold. */
export type ProductStatus = 'published' | 'featured' | 'hidden' | 'discontinued';
/** A category's status (README): shown in the web shop (`publish`) or not (`private`). */
export type CategoryStatus = 'publish' | 'private';
/** How a pack's line is discounted: hundredths of a percent, or cents. */
export type DiscountType = 'percent' | 'quantity';
/**
 * What an automatic process does when the online shop sells the product: a contract to sign, a
 * mail, days of the online tests (valkiria) for a licence, or more days of them, a formative
 * content assigned (formative module), or a larger share of one opened, a pack of practical
 * lessons (practices module), the buyer's mode in the shop (demo or enrolled), or how many times
 * each online test of a licence may be repeated.
 */
export type ProcessKind =
  | 'contract'
  | 'email'
  | 'online_test_days'
  | 'online_test_extend'
  | 'formative_content'
  | 'formative_percentage'
  | 'practice_class'
  | 'customer_demo'
  | 'customer_enrolled'
  | 'test_repetitions';
/** An online-test process's kinds. */
export type OnlineTestKind = Extract<ProcessKind, 'online_test_days' | 'online_test_extend'>;
/** A formative-content process's kinds (a content of the formative module). */
export type FormativeKind = Extract<ProcessKind, 'formative_content' | 'formative_percentage'>;
/** The kinds that set the buyer's mode in the online shop (no fields). */
export type CustomerModeKind = Extract<ProcessKind, 'customer_demo' | 'customer_enrolled'>;

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

/** A record's id and name (`categories`, `packs`; a provider's or a file's name may be null). */
export interface Named {
  id: number;
  name: string;
}

// --- Categories (product/category/) -----------------------------------------------------------

/** The fields `product/category/create` and `/update` take (README "Category"). */
export interface CategoryFields {
  name: string;
  description: string;
  status: CategoryStatus;
  /** A png or jpeg of the document manager. */
  thumbnail_file_id: number | null;
}

/** A category as every `product/category/` call answers it, with its live products counted. */
export interface Category extends Stored, CategoryFields {
  products: number;
}

/** `product/category/delete`: the category, and how many products lost it. */
export interface DeletedCategory extends Stored, CategoryFields {
  products_unlinked: number;
}

export interface CategoryQuery {
  search?: string;
  status?: string;
  state?: string;
  page: number;
  per_page: number;
}

// --- Products (product/) ----------------------------------------------------------------------

/** One product of a pack, as sent and stored. */
export interface PackItem {
  product_id: number;
  /** 1–999. */
  quantity: number;
  discount_type: DiscountType | null;
  /** Hundredths of a percent (`1000` = 10 %) or cents, after `discount_type`; 0 without one. */
  discount_value: number;
}

/**
 * An automatic process of a product (plugin `src/process.rs`): it runs once per order when the
 * online shop sells the product and the bank confirms the payment. As sent, `contract` carries
 * `agreement_id` (an agreement of the agreements module, mailed to the buyer to sign) and
 * `email` its `subject` and `body` (`{{ name }}`, `{{ product }}` and `{{ reference }}` are
 * replaced), `online_test_days` and `online_test_extend` a `licence` (one of the 18 classes) and
 * `days` (1–1095): access to the online tests of that licence until today + days, or days more
 * from the access's end, for the student with the buyer's DNI/NIE (made when new);
 * `formative_content` a `content_id` (a published content of the formative module, assigned to
 * the buyer) and `days` (1–1095, or null for the content's own access days), and
 * `formative_percentage` a `content_id` and a `percentage` (1–100: the share of its lessons open
 * to the buyer, never lowered), `practice_class` a `practice_type_id` (a type of practical lesson
 * of the practices module) and a `quantity` (1–200 lessons per unit bought: a pack for the
 * buyer's practices student of the type's licence), `customer_demo` and `customer_enrolled`
 * nothing (the buyer's mode in the shop: a demo customer may buy an enrolment but not renew or
 * extend), and `test_repetitions` a `licence` and `repetitions` (0–99: each online test of the
 * licence may be taken once plus that many times). The host stores every field, the kind's
 * others empty. A kind the form does not edit keeps its own fields, sent back as they were read.
 */
export interface Process {
  kind: ProcessKind | (string & {});
  agreement_id?: number | null;
  subject?: string;
  body?: string;
  /** `online_test_*`, `test_repetitions`: the licence class of the tests ('' for the other kinds). */
  licence?: string;
  /** `online_test_*`: the days of access, 1–1095; `formative_content`: the same, or null for the content's own (null for the other kinds). */
  days?: number | null;
  /** `formative_*`: the formative content's id (null for the other kinds). */
  content_id?: number | null;
  /** `formative_percentage`: the share of the content's lessons open to the buyer, 1–100 (null for the other kinds). */
  percentage?: number | null;
  /** `practice_class`: the practices module's type of lesson (null for the other kinds). */
  practice_type_id?: number | null;
  /** `practice_class`: the lessons per unit bought, 1–200 (null for the other kinds). */
  quantity?: number | null;
  /** `test_repetitions`: the times each test of the licence may be repeated, 0–99 (null for the other kinds). */
  repetitions?: number | null;
  [other: string]: unknown;
}

/** The fields `product/create` and `/update` take (README "Product"). */
export interface ProductFields {
  reference: string;
  name: string;
  description: string;
  status: ProductStatus;
  image_file_id: number | null;
  file_ids: number[];
  category_ids: number[];
  provider_ids: number[];
  provider_reference: string;
  /** Cents. */
  purchase_price: number;
  /** Cents, without tax; a pack's is worked out by the server. */
  price: number;
  tax_id: number | null;
  /** Hundredths of a percent (`2100` = 21 %). */
  tax_rate: number;
  price_visible: boolean;
  is_pack: boolean;
  pack_items: PackItem[];
  /** At most 10, run in this order. */
  processes: Process[];
}

/** A product as stored (the list's items). */
export interface Product extends Stored, ProductFields {
  /** The billing tax's name, copied with its rate ('' without one). */
  tax_name: string;
  /** `price + round(price × tax_rate / 10000)`, cents. */
  total: number;
}

/** A pack's line as priced now (`pack_lines`). */
export interface PackLine extends PackItem {
  name: string;
  reference: string;
  unit_price: number;
  /** `unit_price × quantity`. */
  gross: number;
  discount: number;
  /** `gross − discount`: what the line adds to the pack's price. */
  net: number;
}

/** `GET product/read/{id}` and every product write: the product with what it names. */
export interface ProductDetail extends Product {
  categories: Named[];
  /** Name null when the contacts module does not answer. */
  providers: { id: number; name: string | null }[];
  files: { id: number; name: string | null }[];
  pack_lines: PackLine[];
  /** The live packs holding it. */
  packs: Named[];
}

export interface ProductQuery {
  search?: string;
  status?: string;
  category_id?: number;
  is_pack?: boolean;
  state?: string;
  order?: string;
  page: number;
  per_page: number;
}

/** A tax of the billing module a product may carry (`GET product/taxes`). */
export interface Tax {
  id: number;
  name: string;
  kind: string;
  rate: number;
  region: string;
  is_default: boolean;
}

/** `GET product/taxes`: `available: false` and none when the billing module is off. */
export interface Taxes {
  available: boolean;
  taxes: Tax[];
}

/** What an automatic process did for an order (`GET product/process/runs`'s items), newest first. */
export interface ProcessRun {
  id: number;
  order_id: number;
  order_reference: string;
  product_id: number;
  product_name: string;
  /** The process's place in the product's list when it ran (0 first). */
  position: number;
  kind: ProcessKind | string;
  /** The host's name of the kind: "Contrato para firmar", "Enviar un correo", "Clases prácticas"… */
  kind_name: string;
  ok: boolean;
  /** What it did, or why it failed (Spanish, the host's). */
  detail: string;
  buyer_email: string;
  /** UTC, ISO 8601: when it last ran. */
  ran_at: string;
  /** How many times it ran (1, then one more per `product/process/retry`). */
  attempts: number;
}

export interface ProcessRunQuery {
  product_id?: number;
  order_id?: number;
  page: number;
  per_page: number;
}

export interface CloneResult {
  id: number;
  updated: number;
  target_ids: number[];
}

// --- Posters (marketing/poster/) --------------------------------------------------------------

/**
 * The design every poster of the school starts from (`POST marketing/poster/update`, kept by the
 * host): the line above the product's name (≤ 80 characters), the line at the foot (≤ 200: the
 * school's address, phone, web) and the main colour (`#RGB`/`#RRGGBB`; empty: `#009EF7`).
 */
export interface PosterDesign {
  headline: string;
  contact: string;
  color: string;
}

/** A product on sale as the chooser lists it. */
export interface PosterChoice {
  id: number;
  reference: string;
  name: string;
}

/** The chosen product as the online shop shows it, plus its picture (a file of the document manager). */
export interface PosterProduct extends PosterChoice {
  description: string;
  /** Cents, without tax. */
  price: number;
  tax_id: number | null;
  tax_name: string;
  tax_rate: number;
  /** Cents, with tax: the price the poster shows. */
  total: number;
  /** False: the poster says "Consulte el precio" instead. */
  price_visible: boolean;
  is_pack: boolean;
  renews: boolean;
  image_file_id: number | null;
}

/**
 * `GET marketing/poster/data?product_id=`: the products on sale (active, published or featured)
 * to choose from, the chosen one (null without `product_id`; one not on sale is `CONFLICT-000`),
 * the caller's branch name, the product's order page in the customer area (null without the web
 * module or a web-api key: no QR code then), its QR code (an SVG document, our host's) and the
 * school's design.
 */
export interface PosterData {
  products: PosterChoice[];
  product: PosterProduct | null;
  school: string;
  shop_url: string | null;
  qr_svg: string | null;
  design: PosterDesign;
}

// --- Other modules ----------------------------------------------------------------------------

/** A supplier of the contacts module (`GET provider/read`'s items: contacts whose relation is `provider`). */
export interface FoundProvider {
  id: number;
  code: string;
  display_name: string;
  fiscal_name?: string;
  fiscal_code: string;
  relation: string;
}

/** An agreement of the agreements module (`GET agreement/read/all`'s items, only what a process needs). */
export interface AgreementOption {
  id: number;
  name: string;
  type_name?: string;
  state?: RecordState;
}

/**
 * A published content of the formative module (`GET formative/content/read`'s page items: SDK
 * records, their fields flat beside `id`; only what a process needs).
 */
export interface ContentOption {
  id: number;
  name: string;
  category?: string;
  status?: string;
  state?: RecordState;
}

/**
 * A type of practical lesson of the practices module (`GET hermes/practice/type/read`'s page
 * items: SDK records, their fields flat beside `id`; only what a process needs).
 */
export interface PracticeTypeOption {
  id: number;
  name: string;
  /** Its licence class (a pack of it is for the buyer's student of that licence). */
  licence: string;
  minutes?: number;
  /** Cents: a lesson's price. */
  price?: number;
  state?: RecordState;
}

/** A file of the document manager (`GET filesystem/search`, `POST filesystem/file/upload`). */
export interface StoredFile {
  file_id: number;
  name: string;
  path?: string;
  content_type?: string;
}

/** The most rows a page may hold (the SDK clamps `per_page` to 500): the categories to choose. */
export const ALL_ROWS = 500;
/** Results of a picker's search. */
export const FOUND_ROWS = 10;

/** The products plugin's calls, and the other ones the screens need. */
export function productsApi(api: ApiClient) {
  const list = (query: ProductQuery) => api.get<ListPage<Product>>('product/read', compactQuery(query));
  const categoryList = (query: CategoryQuery) => api.get<ListPage<Category>>('product/category/read', compactQuery(query));
  return {
    products: {
      list,
      read: (id: number) => api.get<ProductDetail>(`product/read/${id}`),
      create: (fields: Partial<ProductFields>) => api.post<ProductDetail>('product/create', fields),
      update: (id: number, fields: Partial<ProductFields>) => api.post<ProductDetail>('product/update', { id, ...fields }),
      remove: (id: number) => api.post<ProductDetail>('product/delete', { id }),
      /** Active ↔ inactive. */
      toggle: (id: number) => api.post<ProductDetail>('product/state', { id }),
      clonePricing: (id: number, targetIds: number[]) => api.post<CloneResult>('product/pricing/clone', { id, target_ids: targetIds }),
      /** Products (not packs) to put in a pack or copy a price to. */
      find: (search: string) => list({ search, is_pack: false, page: 1, per_page: FOUND_ROWS }).then((page) => page.items),
      taxes: () => api.get<Taxes>('product/taxes'),
      /** What the automatic processes did, newest first. */
      runs: (query: ProcessRunQuery) => api.get<ListPage<ProcessRun>>('product/process/runs', compactQuery(query)),
      /**
       * Runs a failed run's process again for the same order and buyer; answers the run as the
       * list shows it, with its new outcome and `attempts`. `CONFLICT-000` (with the host's
       * Spanish reason) when it went well, is older than the keeping of its buyer, or its
       * process is no longer on the product.
       */
      retryRun: (id: number) => api.post<ProcessRun>('product/process/retry', { id }),
    },
    categories: {
      list: categoryList,
      /** Every live category, by name: the product form's choices and the list's filter. */
      all: () => categoryList({ page: 1, per_page: ALL_ROWS }).then((page) => page.items),
      read: (id: number) => api.get<Category>('product/category/read', { id }),
      create: (fields: Partial<CategoryFields>) => api.post<Category>('product/category/create', fields),
      update: (id: number, fields: Partial<CategoryFields>) => api.post<Category>('product/category/update', { id, ...fields }),
      remove: (id: number) => api.post<DeletedCategory>('product/category/delete', { id }),
      /** Active ↔ inactive. */
      toggle: (id: number) => api.post<Category>('product/category/state', { id }),
    },
    /** Marketing posters: what goes on a product's poster, and the school's design for them. */
    posters: {
      /** Without a product: only the products on sale (to choose) and the design. */
      data: (productId?: number) => api.get<PosterData>('marketing/poster/data', productId ? { product_id: productId } : undefined),
      /** The three fields always go together (the host keeps the design whole); answers it as stored. */
      update: (design: PosterDesign) => api.post<PosterDesign>('marketing/poster/update', design),
    },
    /**
     * Suppliers: the contacts module's suppliers (`GET provider/read`, the contacts whose relation
     * is `provider`; it needs the `contact.provider` permission, as the product's suppliers do).
     * Its finder (`contact/finder`) neither filters by relation nor says it.
     */
    providers: {
      find: (search: string) => api.get<ListPage<FoundProvider>>('provider/read', { search, page: 1, per_page: FOUND_ROWS }).then((page) => page.items),
    },
    /**
     * The agreements module's agreements, for a `contract` process (`GET agreement/read/all`, by
     * name; it needs that module on and its `agreement` permission).
     */
    agreements: {
      all: () => api.get<ListPage<AgreementOption>>('agreement/read/all', { page: 1, per_page: ALL_ROWS }).then((page) => page.items),
    },
    /**
     * The formative module's published contents, for a `formative_*` process
     * (`GET formative/content/read?status=publish`, a page by name; it needs that module on and its
     * `formative` permission).
     */
    contents: {
      all: () => api.get<ListPage<ContentOption>>('formative/content/read', { status: 'publish', page: 1, per_page: ALL_ROWS }).then((page) => page.items),
    },
    /**
     * The practices module's active types of lesson, for a `practice_class` process
     * (`GET hermes/practice/type/read?state=active`, a page; it needs that module's `hermes`
     * service on and its `hermes` permission).
     */
    practiceTypes: {
      all: () => api.get<ListPage<PracticeTypeOption>>('hermes/practice/type/read', { state: 'active', page: 1, per_page: ALL_ROWS }).then((page) => page.items),
    },
    /** The document manager's files (needs its `filesystem` permission). */
    files: {
      find: (search: string) => api.get<{ files: StoredFile[] }>('filesystem/search', { search }).then((answer) => answer.files),
      upload: (file: File) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return api.upload<{ file: StoredFile }>('filesystem/file/upload', form).then((answer) => answer.file);
      },
    },
  };
}

export type ProductsApi = ReturnType<typeof productsApi>;

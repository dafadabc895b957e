/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens offer
 * them. Their Spanish names are in the catalogue (`status.published`…).
 */
import type { CategoryStatus, CustomerModeKind, DiscountType, FormativeKind, OnlineTestKind, ProcessKind, ProductStatus, RecordState } from './api';

export const PRODUCT_STATUSES: ProductStatus[] = ['published', 'featured', 'hidden', 'discontinued'];
export const CATEGORY_STATUSES: CategoryStatus[] = ['publish', 'private'];
export const RECORD_STATES: RecordState[] = ['active', 'inactive', 'deleted'];
/** The lists' "Situación" filter: '' is every state but deleted (the host's default). */
export const STATE_FILTERS = ['', 'active', 'inactive', 'deleted'] as const;
export const DISCOUNT_TYPES: DiscountType[] = ['percent', 'quantity'];
/** The automatic processes' kinds (plugin `src/process.rs` KINDS), in its order. */
export const PROCESS_KINDS: ProcessKind[] = [
  'contract',
  'email',
  'online_test_days',
  'online_test_extend',
  'formative_content',
  'formative_percentage',
  'practice_class',
  'customer_demo',
  'customer_enrolled',
  'test_repetitions',
];
/** The kinds that give days of the online tests (valkiria): a licence and the days. */
export const ONLINE_TEST_KINDS: OnlineTestKind[] = ['online_test_days', 'online_test_extend'];
/** The kinds that work on a content of the formative module: the content, then days or a percentage. */
export const FORMATIVE_KINDS: FormativeKind[] = ['formative_content', 'formative_percentage'];
/** The kinds that set the buyer's mode in the online shop: no fields, a line saying what it allows. */
export const CUSTOMER_MODE_KINDS: CustomerModeKind[] = ['customer_demo', 'customer_enrolled'];
/** The spec's 18 licence classes, in its order (an online-test or test-repetitions process's `licence`). */
export const LICENCES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'] as const;

/** A pack line's units (README: 1–999). */
export const MAX_QUANTITY = 999;
/** Automatic processes of a product (plugin `src/process.rs`: at most 10). */
export const MAX_PROCESSES = 10;
/** An e-mail process's subject and text (plugin `src/process.rs`). */
export const MAX_SUBJECT = 200;
export const MAX_BODY = 10_000;
/** An online-test or formative-content process's days of access (plugin `src/process.rs`: 1–1095). */
export const MAX_TEST_DAYS = 1095;
/** A content-percentage process's share of the lessons open (1–100). */
export const MAX_PERCENTAGE = 100;
/** A practical-classes process's lessons per unit bought (plugin `src/process.rs`: 1–200). */
export const MAX_CLASSES = 200;
/** A test-repetitions process's repetitions of each test (plugin `src/process.rs`: 0–99). */
export const MAX_REPETITIONS = 99;
/** The runs of the automatic processes shown on one page of a product's view. */
export const RUNS_PER_PAGE = 10;
/** Files that go with a product (README: at most 20). */
export const MAX_FILES = 20;
/** Where uploaded images go in the document manager (public: the web shop shows them). */
export const PRODUCT_IMAGE_FOLDER = 'productos/imagenes';
export const CATEGORY_IMAGE_FOLDER = 'productos/categorias';

/** The service and permission every call needs (README). */
export const PERMISSION = 'product';

/** The statuses of a product on sale (with `state` active): the shop shows it, and it may have a poster. */
export const ON_SALE_STATUSES: ProductStatus[] = ['published', 'featured'];
/** A poster design's fields (plugin `src/poster.rs`). */
export const POSTER_FIELDS = ['headline', 'contact', 'color'] as const;
/** A poster's headline and contact line (plugin `src/poster.rs`: at most 80 and 200 characters). */
export const MAX_HEADLINE = 80;
export const MAX_CONTACT = 200;
/** The colour the host stores for an empty one (plugin `src/poster.rs` `Design::default`). */
export const POSTER_COLOR = '#009EF7';

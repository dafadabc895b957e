/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens offer
 * them. Their Spanish names are in the catalogue (`status.published`…).
 */
import type { CategoryStatus, DiscountType, ProductStatus, RecordState } from './api';

export const PRODUCT_STATUSES: ProductStatus[] = ['published', 'featured', 'hidden', 'discontinued'];
export const CATEGORY_STATUSES: CategoryStatus[] = ['publish', 'private'];
export const RECORD_STATES: RecordState[] = ['active', 'inactive', 'deleted'];
/** The lists' "Situación" filter: '' is every state but deleted (the host's default). */
export const STATE_FILTERS = ['', 'active', 'inactive', 'deleted'] as const;
export const DISCOUNT_TYPES: DiscountType[] = ['percent', 'quantity'];

/** A pack line's units (README: 1–999). */
export const MAX_QUANTITY = 999;
/** Files that go with a product (README: at most 20). */
export const MAX_FILES = 20;
/** Where uploaded images go in the document manager (public: the web shop shows them). */
export const PRODUCT_IMAGE_FOLDER = 'productos/imagenes';
export const CATEGORY_IMAGE_FOLDER = 'productos/categorias';

/** The service and permission every call needs (README). */
export const PERMISSION = 'product';

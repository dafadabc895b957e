-- The business's catalogue: categories and products (a product may be a pack of others).
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; money integer cents; rates hundredths of
-- a percent; lists JSON text; booleans 0/1.

CREATE TABLE products_category (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'publish',
    thumbnail_file_id BIGINT
);
CREATE INDEX products_category_name ON products_category (business_id, name);

CREATE TABLE products_product (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    reference TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'published',
    image_file_id BIGINT,
    file_ids TEXT NOT NULL DEFAULT '[]',
    category_ids TEXT NOT NULL DEFAULT '[]',
    provider_ids TEXT NOT NULL DEFAULT '[]',
    provider_reference TEXT NOT NULL DEFAULT '',
    purchase_price BIGINT NOT NULL DEFAULT 0,
    price BIGINT NOT NULL DEFAULT 0,
    tax_id BIGINT,
    tax_name TEXT NOT NULL DEFAULT '',
    tax_rate BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    price_visible INTEGER NOT NULL DEFAULT 1,
    is_pack INTEGER NOT NULL DEFAULT 0,
    pack_items TEXT NOT NULL DEFAULT '[]'
);
CREATE UNIQUE INDEX products_product_reference ON products_product (business_id, reference);
CREATE INDEX products_product_name ON products_product (business_id, name);

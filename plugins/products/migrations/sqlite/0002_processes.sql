-- A product's automatic processes (what runs when the online shop sells it) and what each run
-- did, once per order, product and process.
ALTER TABLE products_product ADD COLUMN processes TEXT NOT NULL DEFAULT '[]';

CREATE TABLE products_process_run (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    order_reference TEXT NOT NULL DEFAULT '',
    product_id BIGINT NOT NULL,
    product_name TEXT NOT NULL DEFAULT '',
    position BIGINT NOT NULL,
    kind TEXT NOT NULL,
    ok INTEGER NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    buyer_email TEXT NOT NULL DEFAULT '',
    ran_at TEXT NOT NULL
);
CREATE UNIQUE INDEX products_process_run_once ON products_process_run (business_id, order_id, product_id, position);
CREATE INDEX products_process_run_product ON products_process_run (business_id, product_id, ran_at);

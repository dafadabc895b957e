-- A failed automatic process can be run again: each run keeps its buyer (JSON: customer and
-- contact_id, as the shop announced the order) and how many times it ran.
ALTER TABLE products_process_run ADD COLUMN buyer TEXT NOT NULL DEFAULT '';
ALTER TABLE products_process_run ADD COLUMN attempts BIGINT NOT NULL DEFAULT 1;

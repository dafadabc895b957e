-- A paid order's invoice, issued by the billing module.
ALTER TABLE web_order ADD COLUMN invoice_id BIGINT;
ALTER TABLE web_order ADD COLUMN invoice_number TEXT NOT NULL DEFAULT '';

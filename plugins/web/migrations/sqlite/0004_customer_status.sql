-- A customer's mode in the online shop, set by the products' purchase triggers (or the staff):
-- 'demo' (may buy an enrolment, not renew or extend) or 'enrolled'. One row per customer.
CREATE TABLE web_customer_status (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    order_reference TEXT NOT NULL DEFAULT '',
    user_id BIGINT,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX web_customer_status_contact ON web_customer_status (business_id, contact_id);

-- The customer area: an order placed by a signed-in customer names their contact, and each
-- sign-in (a public link of this plugin, e-mailed to the customer) says whose it is.
ALTER TABLE web_order ADD COLUMN contact_id BIGINT;
CREATE INDEX web_order_contact ON web_order (business_id, contact_id, id);

CREATE TABLE web_customer_session (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    reference TEXT NOT NULL,
    contact_id BIGINT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX web_customer_session_reference ON web_customer_session (reference);
CREATE INDEX web_customer_session_contact ON web_customer_session (business_id, contact_id, created_at);

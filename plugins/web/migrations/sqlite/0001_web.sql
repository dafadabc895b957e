-- The online shop's orders (the gateway and the keys are the plugin's settings).
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; money integer cents; rates hundredths of
-- a percent; lists and objects JSON text.

CREATE TABLE web_order (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    status BIGINT NOT NULL DEFAULT 1,
    status_name TEXT NOT NULL DEFAULT '',
    payment_method TEXT NOT NULL DEFAULT 'card',
    customer TEXT NOT NULL DEFAULT '{}',
    notification_email TEXT NOT NULL DEFAULT '',
    lines TEXT NOT NULL DEFAULT '[]',
    total BIGINT NOT NULL DEFAULT 0,
    url_ok TEXT NOT NULL DEFAULT '',
    url_ko TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    notifications TEXT NOT NULL DEFAULT '[]',
    paid_at TEXT,
    configured_at TEXT
);
CREATE INDEX web_order_reference ON web_order (business_id, reference);
CREATE INDEX web_order_status ON web_order (business_id, status, id);

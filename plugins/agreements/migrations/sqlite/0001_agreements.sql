-- Agreements (contracts, consents, authorisations) with their PDF template, and the signature
-- requests sent to customers, signed on the public page.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; booleans 0/1;
-- lists and records as JSON text.

CREATE TABLE agreements_agreement (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    cover_file_id BIGINT,
    pdf_file_id BIGINT,
    variables TEXT NOT NULL DEFAULT '[]',
    dgt_register INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX agreements_agreement_name ON agreements_agreement (business_id, name);

CREATE TABLE agreements_request (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    agreement_id BIGINT NOT NULL,
    contact_id BIGINT,
    reference TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'requested',
    email TEXT NOT NULL DEFAULT '',
    dgt_register_code TEXT NOT NULL DEFAULT '',
    signer TEXT NOT NULL DEFAULT '{}',
    requested_by BIGINT,
    signed_at TEXT,
    signature_file_id BIGINT,
    signed_file_id BIGINT
);
CREATE UNIQUE INDEX agreements_request_reference ON agreements_request (reference);
CREATE INDEX agreements_request_agreement ON agreements_request (business_id, agreement_id);

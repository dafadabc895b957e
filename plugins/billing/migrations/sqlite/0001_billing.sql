-- Billing: series with their counters, taxes and tax regions, budget groups, budgets and
-- invoices with their lines, payments, VeriFactu records and their chain heads, expenses.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- money in integer cents; quantities in thousandths; rates in hundredths of a percent;
-- timestamps UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; booleans 0/1.

CREATE TABLE billing_series (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    simplified INTEGER NOT NULL DEFAULT 0,
    issuer_tax_code TEXT NOT NULL DEFAULT '',
    issuer_name TEXT NOT NULL DEFAULT '',
    issuer_street TEXT NOT NULL DEFAULT '',
    issuer_postal_code TEXT NOT NULL DEFAULT '',
    issuer_town TEXT NOT NULL DEFAULT '',
    issuer_province_id BIGINT,
    iban TEXT NOT NULL DEFAULT ''
);
CREATE INDEX billing_series_business ON billing_series (business_id, state);

-- One row per series, document kind ('invoice' or 'budget') and year: the last number given.
CREATE TABLE billing_counter (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    series_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    year INTEGER NOT NULL,
    last BIGINT NOT NULL DEFAULT 0,
    UNIQUE (business_id, series_id, kind, year)
);

CREATE TABLE billing_tax (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL DEFAULT 'IVA',
    rate BIGINT NOT NULL DEFAULT 0,
    tax_group TEXT NOT NULL DEFAULT '',
    region TEXT NOT NULL DEFAULT 'peninsula',
    is_default INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX billing_tax_business ON billing_tax (business_id, state);

CREATE TABLE billing_tax_region (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    UNIQUE (business_id, code)
);

CREATE TABLE billing_budget_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE billing_budget (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    series_id BIGINT NOT NULL,
    group_id BIGINT,
    year INTEGER NOT NULL,
    number BIGINT NOT NULL,
    reference TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    issue_date TEXT NOT NULL,
    due_date TEXT,
    contact_id BIGINT,
    contact_json TEXT NOT NULL DEFAULT '{}',
    discount_type TEXT,
    discount_value BIGINT NOT NULL DEFAULT 0,
    gross BIGINT NOT NULL DEFAULT 0,
    discount BIGINT NOT NULL DEFAULT 0,
    base BIGINT NOT NULL DEFAULT 0,
    tax BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '',
    invoice_id BIGINT,
    search_text TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (business_id, series_id, year, number)
);
CREATE INDEX billing_budget_contact ON billing_budget (business_id, contact_id);

CREATE TABLE billing_budget_line (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    budget_id BIGINT NOT NULL,
    position INTEGER NOT NULL,
    concept TEXT NOT NULL,
    product_id BIGINT,
    price BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    discount_type TEXT,
    discount_value BIGINT NOT NULL DEFAULT 0,
    tax_id BIGINT,
    tax_name TEXT NOT NULL DEFAULT '',
    tax_kind TEXT NOT NULL DEFAULT 'IVA',
    tax_rate BIGINT NOT NULL DEFAULT 0,
    gross BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    base BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    total BIGINT NOT NULL
);
CREATE INDEX billing_budget_line_doc ON billing_budget_line (business_id, budget_id);

CREATE TABLE billing_invoice (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    series_id BIGINT NOT NULL,
    year INTEGER,
    number BIGINT,
    reference TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'draft',
    invoice_type TEXT NOT NULL DEFAULT 'F1',
    issue_date TEXT NOT NULL,
    due_date TEXT,
    contact_id BIGINT,
    contact_json TEXT NOT NULL DEFAULT '{}',
    discount_type TEXT,
    discount_value BIGINT NOT NULL DEFAULT 0,
    gross BIGINT NOT NULL DEFAULT 0,
    discount BIGINT NOT NULL DEFAULT 0,
    base BIGINT NOT NULL DEFAULT 0,
    tax BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    paid BIGINT NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '',
    budget_id BIGINT,
    issued_at TEXT,
    voided_at TEXT,
    void_reason TEXT NOT NULL DEFAULT '',
    search_text TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (business_id, series_id, year, number)
);
CREATE INDEX billing_invoice_contact ON billing_invoice (business_id, contact_id);

CREATE TABLE billing_invoice_line (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    invoice_id BIGINT NOT NULL,
    position INTEGER NOT NULL,
    concept TEXT NOT NULL,
    product_id BIGINT,
    price BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    discount_type TEXT,
    discount_value BIGINT NOT NULL DEFAULT 0,
    tax_id BIGINT,
    tax_name TEXT NOT NULL DEFAULT '',
    tax_kind TEXT NOT NULL DEFAULT 'IVA',
    tax_rate BIGINT NOT NULL DEFAULT 0,
    gross BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    base BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    total BIGINT NOT NULL
);
CREATE INDEX billing_invoice_line_doc ON billing_invoice_line (business_id, invoice_id);

CREATE TABLE billing_payment (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    invoice_id BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    method TEXT NOT NULL,
    paid_on TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'active',
    created_by BIGINT,
    created_at TEXT NOT NULL,
    deleted_by BIGINT,
    deleted_at TEXT
);
CREATE INDEX billing_payment_invoice ON billing_payment (business_id, invoice_id);

-- The head of each issuer's VeriFactu chain (one row per business and issuer NIF); updating it
-- first serialises concurrent records of one chain.
CREATE TABLE billing_verifactu_chain (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    issuer TEXT NOT NULL,
    last_seq BIGINT NOT NULL DEFAULT 0,
    last_fingerprint TEXT NOT NULL DEFAULT '',
    UNIQUE (business_id, issuer)
);

CREATE TABLE billing_verifactu_record (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    issuer TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    invoice_id BIGINT NOT NULL,
    number TEXT NOT NULL,
    issue_date TEXT NOT NULL,
    invoice_type TEXT NOT NULL DEFAULT '',
    tax_total TEXT NOT NULL DEFAULT '',
    total TEXT NOT NULL DEFAULT '',
    previous TEXT NOT NULL DEFAULT '',
    generated_at TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (business_id, issuer, seq)
);
CREATE INDEX billing_verifactu_record_invoice ON billing_verifactu_record (business_id, invoice_id);

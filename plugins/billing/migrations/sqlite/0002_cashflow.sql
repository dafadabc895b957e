-- Expenses and manual cash-flow movements (the till: money in or out that is not an invoice
-- payment). Money in integer cents; rates in hundredths of a percent.

CREATE TABLE billing_expense (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    date TEXT NOT NULL DEFAULT '',
    concept TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    provider_contact_id BIGINT,
    provider_name TEXT NOT NULL DEFAULT '',
    provider_tax_code TEXT NOT NULL DEFAULT '',
    document_number TEXT NOT NULL DEFAULT '',
    base BIGINT NOT NULL DEFAULT 0,
    tax_rate BIGINT NOT NULL DEFAULT 0,
    tax BIGINT NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    method TEXT NOT NULL DEFAULT 'transfer',
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX billing_expense_date ON billing_expense (business_id, date);

CREATE TABLE billing_cashflow (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    date TEXT NOT NULL DEFAULT '',
    concept TEXT NOT NULL DEFAULT '',
    direction TEXT NOT NULL DEFAULT 'in',
    amount BIGINT NOT NULL DEFAULT 0,
    method TEXT NOT NULL DEFAULT 'cash',
    contact_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX billing_cashflow_date ON billing_cashflow (business_id, date);

-- A training consultancy's records: training centres, client companies, their workers and the
-- subsidised courses (FUNDAE) that bring them together, each kind in its own groups.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; amounts integer
-- cents; booleans 0/1; lists JSON text.

CREATE TABLE consulting_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL DEFAULT ''
);
CREATE INDEX consulting_group_kind ON consulting_group (business_id, kind, name);

CREATE TABLE consulting_centre (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    tax_code TEXT NOT NULL DEFAULT '',
    accreditation TEXT NOT NULL DEFAULT '',
    contact_person TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    group_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX consulting_centre_name ON consulting_centre (business_id, search_text);
CREATE INDEX consulting_centre_tax_code ON consulting_centre (business_id, tax_code);

CREATE TABLE consulting_company (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    tax_code TEXT NOT NULL,
    contribution_account TEXT NOT NULL DEFAULT '',
    cnae TEXT NOT NULL DEFAULT '',
    staff BIGINT,
    training_credit BIGINT,
    representative_name TEXT NOT NULL DEFAULT '',
    representative_dni TEXT NOT NULL DEFAULT '',
    contact_person TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    group_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX consulting_company_tax_code ON consulting_company (business_id, tax_code);
CREATE INDEX consulting_company_name ON consulting_company (business_id, search_text);

CREATE TABLE consulting_worker (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    dni TEXT NOT NULL,
    social_security_number TEXT NOT NULL DEFAULT '',
    birth_date TEXT,
    gender TEXT,
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    company_id BIGINT,
    education_level TEXT,
    professional_category TEXT,
    contribution_group BIGINT,
    disability INTEGER NOT NULL DEFAULT 0,
    group_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX consulting_worker_dni ON consulting_worker (business_id, dni);
CREATE INDEX consulting_worker_company ON consulting_worker (business_id, company_id);
CREATE INDEX consulting_worker_name ON consulting_worker (business_id, search_text);

CREATE TABLE consulting_course (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    action_code TEXT NOT NULL DEFAULT '',
    group_code TEXT NOT NULL DEFAULT '',
    modality TEXT NOT NULL DEFAULT 'in_person',
    hours BIGINT,
    start_date TEXT,
    end_date TEXT,
    centre_id BIGINT,
    company_id BIGINT,
    trainer TEXT NOT NULL DEFAULT '',
    cost BIGINT,
    status TEXT NOT NULL DEFAULT 'draft',
    workers TEXT NOT NULL DEFAULT '[]',
    group_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX consulting_course_start ON consulting_course (business_id, start_date);
CREATE INDEX consulting_course_company ON consulting_course (business_id, company_id);
CREATE INDEX consulting_course_centre ON consulting_course (business_id, centre_id);

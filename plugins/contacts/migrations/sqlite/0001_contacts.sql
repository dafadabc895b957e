-- Contacts (clients and providers; persons P and companies E) of a business, their DGT record,
-- groups and their members, notifications sent and synchronisation requests.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; booleans 0/1.

CREATE TABLE contacts_contact (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    code TEXT NOT NULL,
    type TEXT NOT NULL DEFAULT 'P',
    relation TEXT NOT NULL DEFAULT 'client',
    display_name TEXT NOT NULL DEFAULT '',
    trade_name TEXT NOT NULL DEFAULT '',
    fiscal_name TEXT NOT NULL DEFAULT '',
    fiscal_code TEXT NOT NULL DEFAULT '',
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    second_last_name TEXT NOT NULL DEFAULT '',
    gender TEXT NOT NULL DEFAULT '',
    nationality TEXT NOT NULL DEFAULT '',
    birthday TEXT,
    incorporation_date TEXT,
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    postal_code TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    avatar_file_id BIGINT,
    notifications INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX contacts_contact_code ON contacts_contact (business_id, code);
CREATE INDEX contacts_contact_branch ON contacts_contact (business_id, branch_id, state);
CREATE INDEX contacts_contact_fiscal_code ON contacts_contact (business_id, fiscal_code);
CREATE INDEX contacts_contact_name ON contacts_contact (business_id, display_name);

CREATE TABLE contacts_dgt (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    licences TEXT NOT NULL DEFAULT '[]',
    dgt_folder TEXT NOT NULL DEFAULT '',
    dgt_record TEXT NOT NULL DEFAULT '',
    requested_licence TEXT NOT NULL DEFAULT '',
    theory_exam_date TEXT,
    practical_exam_date TEXT,
    licence_date TEXT,
    notes TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX contacts_dgt_contact ON contacts_dgt (business_id, contact_id);

CREATE TABLE contacts_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX contacts_group_name ON contacts_group (business_id, name);

CREATE TABLE contacts_group_member (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    group_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX contacts_group_member_pair ON contacts_group_member (business_id, group_id, contact_id);
CREATE INDEX contacts_group_member_contact ON contacts_group_member (business_id, contact_id);

CREATE TABLE contacts_notification (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_by BIGINT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX contacts_notification_contact ON contacts_notification (business_id, contact_id);

CREATE TABLE contacts_sync (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    contact_id BIGINT,
    target TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    requested_by BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX contacts_sync_status ON contacts_sync (business_id, status);

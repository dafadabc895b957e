-- Notebooks ("documentos de notas") in groups, each with the dated notes the staff write in it.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; booleans 0/1.

CREATE TABLE notes_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX notes_group_name ON notes_group (business_id, name);

CREATE TABLE notes_document (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    group_id BIGINT,
    pinned INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT
);
CREATE INDEX notes_document_group ON notes_document (business_id, group_id);

CREATE TABLE notes_note (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    document_id BIGINT NOT NULL,
    date TEXT NOT NULL,
    message TEXT NOT NULL,
    user_id BIGINT NOT NULL
);
CREATE INDEX notes_note_document ON notes_note (business_id, document_id, date);

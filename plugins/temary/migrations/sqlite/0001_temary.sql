-- Syllabi ("temarios"): themes, their subthemes and the subthemes' sections, each in order.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; positions 1, 2, … within their parent.

CREATE TABLE temary_temary (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'developing'
);

CREATE TABLE temary_theme (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    temary_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
);
CREATE INDEX temary_theme_parent ON temary_theme (business_id, temary_id, position);

CREATE TABLE temary_subtheme (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    theme_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
);
CREATE INDEX temary_subtheme_parent ON temary_subtheme (business_id, theme_id, position);

CREATE TABLE temary_section (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    subtheme_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT ''
);
CREATE INDEX temary_section_parent ON temary_section (business_id, subtheme_id, position);

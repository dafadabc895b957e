-- Formative contents: online courses made of the business's syllabi (read from the temary
-- module), their assignments to students (contacts, each with a personal link) and the lessons
-- each student marked done.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text.

CREATE TABLE formative_content (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    hours BIGINT NOT NULL DEFAULT 0,
    access_days BIGINT NOT NULL DEFAULT 90,
    temary_ids TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'developing'
);
CREATE INDEX formative_content_name ON formative_content (business_id, name);

-- reference: the student's public link; reached_90_at and completed_at: when progress first
-- reached 90 % and 100 %.
CREATE TABLE formative_assignment (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    content_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    starts_on TEXT NOT NULL,
    ends_on TEXT NOT NULL,
    percentage BIGINT NOT NULL DEFAULT 100,
    reference TEXT,
    reached_90_at TEXT,
    completed_at TEXT,
    last_seen_at TEXT,
    created_by BIGINT
);
CREATE INDEX formative_assignment_content ON formative_assignment (business_id, content_id, state);
CREATE INDEX formative_assignment_contact ON formative_assignment (business_id, contact_id);
CREATE INDEX formative_assignment_reference ON formative_assignment (business_id, reference);
CREATE INDEX formative_assignment_reached ON formative_assignment (business_id, reached_90_at);

-- A lesson (a syllabus's subtheme) the student marked done.
CREATE TABLE formative_progress (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    assignment_id BIGINT NOT NULL,
    subtheme_id BIGINT NOT NULL,
    done_at TEXT NOT NULL
);
CREATE UNIQUE INDEX formative_progress_lesson ON formative_progress (business_id, assignment_id, subtheme_id);

-- Guided classes: groups that follow a syllabus of the temary module (read through its exported
-- functions, never its tables), their classes in order, and each class's resources in order.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; positions 1, 2, … within their parent;
-- dates YYYY-MM-DD and times HH:MM as the school reads its timetable.

CREATE TABLE guided_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    licence TEXT NOT NULL,
    temary_id BIGINT,
    branch_id BIGINT,
    teacher_user_id BIGINT,
    description TEXT NOT NULL DEFAULT '',
    starts_on TEXT,
    ends_on TEXT
);
CREATE INDEX guided_group_name ON guided_group (business_id, search_text);
CREATE INDEX guided_group_book ON guided_group (business_id, temary_id);

CREATE TABLE guided_class (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    group_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    scheduled_on TEXT,
    starts_at TEXT,
    minutes BIGINT NOT NULL DEFAULT 60,
    summary TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending',
    given_at TEXT,
    given_by BIGINT
);
CREATE INDEX guided_class_parent ON guided_class (business_id, group_id, position);

CREATE TABLE guided_resource (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    class_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    kind TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    subtheme_id BIGINT,
    sheet_id BIGINT,
    video_id BIGINT,
    url TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX guided_resource_parent ON guided_resource (business_id, class_id, position);

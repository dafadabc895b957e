-- The school's agenda: events on the calendar (a meeting, an exam day, a visit), with the staff
-- they concern, and tasks, each with its owner, due date and priority, checked off when done.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; times HH:MM text;
-- lists JSON text; booleans 0/1.

CREATE TABLE agenda_event (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    title TEXT NOT NULL,
    date TEXT NOT NULL,
    start_time TEXT,
    end_time TEXT,
    place TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    user_ids TEXT NOT NULL DEFAULT '[]',
    checked INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT
);
CREATE INDEX agenda_event_date ON agenda_event (business_id, date, start_time);

CREATE TABLE agenda_task (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    due_date TEXT,
    priority TEXT NOT NULL DEFAULT 'normal',
    assignee_user_id BIGINT,
    checked INTEGER NOT NULL DEFAULT 0,
    checked_at TEXT,
    checked_by BIGINT,
    created_by BIGINT
);
CREATE INDEX agenda_task_due ON agenda_task (business_id, checked, due_date);
CREATE INDEX agenda_task_assignee ON agenda_task (business_id, assignee_user_id, checked);

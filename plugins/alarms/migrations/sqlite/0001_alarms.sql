-- Alarms: reminders for some of the staff that go off at a date and time (peninsula time), once
-- or repeating; groups to sort them; and the notices each person gets when one goes off, kept
-- until dismissed.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD; times HH:MM; lists JSON
-- text; booleans 0/1.

CREATE TABLE alarms_alarm (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    group_id BIGINT,
    date TEXT NOT NULL,
    time TEXT NOT NULL,
    repeat TEXT NOT NULL DEFAULT 'none',
    user_ids TEXT NOT NULL DEFAULT '[]',
    send_mail INTEGER NOT NULL DEFAULT 0,
    link TEXT NOT NULL DEFAULT '',
    next_at TEXT,
    last_fired_at TEXT,
    created_by BIGINT
);
CREATE INDEX alarms_alarm_next ON alarms_alarm (business_id, next_at);

CREATE TABLE alarms_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    color TEXT NOT NULL DEFAULT '#009EF7'
);

CREATE TABLE alarms_notice (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    alarm_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    link TEXT NOT NULL DEFAULT '',
    fired_at TEXT NOT NULL,
    dismissed_at TEXT
);
CREATE INDEX alarms_notice_user ON alarms_notice (business_id, user_id, dismissed_at);

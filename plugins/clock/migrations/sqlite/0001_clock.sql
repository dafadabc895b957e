-- The staff time clock: each interval a worker clocked (work or pause), and every correction of
-- one with the values before and after (ET art. 34.9: a daily record of start and end times,
-- kept four years; corrections leave a trace of who changed what, when and why).
-- Conventions: timestamps are UTC ISO-8601 text; work_date is the business's local date of the
-- interval's start (YYYY-MM-DD); booleans 0/1.

CREATE TABLE clock_entry (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('work', 'pause')),
    started_at TEXT NOT NULL,
    ended_at TEXT,
    work_date TEXT NOT NULL,
    edited INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX clock_entry_user_date ON clock_entry (business_id, user_id, work_date);
CREATE INDEX clock_entry_date ON clock_entry (business_id, work_date);
-- At most one open interval per worker.
CREATE UNIQUE INDEX clock_entry_open ON clock_entry (business_id, user_id) WHERE ended_at IS NULL;

CREATE TABLE clock_change (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    entry_id BIGINT NOT NULL,
    changed_by BIGINT NOT NULL,
    changed_at TEXT NOT NULL,
    started_before TEXT NOT NULL,
    ended_before TEXT,
    started_after TEXT NOT NULL,
    ended_after TEXT,
    reason TEXT NOT NULL
);
CREATE INDEX clock_change_entry ON clock_change (business_id, entry_id);

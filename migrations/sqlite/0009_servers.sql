-- The provider's servers (`servidor/*`): every running host registers itself at start-up (one
-- row per host name and port, kept across restarts) and beats while it runs; the provider names
-- them, groups them and keeps notes. `status` is the last beat's figures (JSON). Samples of the
-- open realtime connections, per server and school, feed the connection charts (`dashboard/*`).

CREATE TABLE server_group (
    group_id    INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE TABLE server (
    server_id     INTEGER PRIMARY KEY,
    instance      TEXT   NOT NULL UNIQUE,
    name          TEXT   NOT NULL,
    notes         TEXT   NOT NULL DEFAULT '',
    group_id      BIGINT REFERENCES server_group (group_id) ON DELETE SET NULL,
    version       TEXT   NOT NULL,
    public_url    TEXT   NOT NULL,
    started_at    TEXT   NOT NULL,
    last_seen_at  TEXT   NOT NULL,
    stopped_at    TEXT,
    status        TEXT   NOT NULL DEFAULT '{}',
    created_at    TEXT   NOT NULL,
    updated_at    TEXT   NOT NULL
);

-- One row per server and sampling period for the server's total (`business_id` NULL), and one
-- per school that had connections on it then.
CREATE TABLE server_sample (
    sample_id    INTEGER PRIMARY KEY,
    server_id    BIGINT NOT NULL REFERENCES server (server_id) ON DELETE CASCADE,
    taken_at     TEXT   NOT NULL,
    business_id  BIGINT REFERENCES business (business_id) ON DELETE CASCADE,
    streams      BIGINT NOT NULL,
    users        BIGINT NOT NULL
);

CREATE INDEX server_sample_taken ON server_sample (taken_at, business_id);
CREATE INDEX server_sample_business ON server_sample (business_id, taken_at);

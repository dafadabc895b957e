-- Plugins' failed attempts (interface 0.1.9, `attempts`): written at once, outside the call's
-- transaction, so that a refusal still counts; forgotten after a day.

CREATE TABLE plugin_attempt (
    attempt_id   INTEGER PRIMARY KEY,
    business_id  BIGINT NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    plugin_id    TEXT   NOT NULL,
    attempt_key  TEXT   NOT NULL,
    failed_at    TEXT   NOT NULL
);

CREATE INDEX plugin_attempt_lookup ON plugin_attempt (business_id, plugin_id, attempt_key, failed_at);

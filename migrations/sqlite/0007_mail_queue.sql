-- Plugins' outgoing mail: composed during a call, written here once the call commits, and
-- delivered by the host (at once, then again with growing waits while the relay refuses it).
-- A sent message keeps its recipient and subject (the delivery log) but not its bytes.

CREATE TABLE mail_queue (
    mail_id          INTEGER PRIMARY KEY,
    business_id      BIGINT REFERENCES business (business_id) ON DELETE CASCADE,
    source           TEXT   NOT NULL,
    recipient        TEXT   NOT NULL,
    subject          TEXT   NOT NULL,
    message          BLOB  NOT NULL,
    status           TEXT   NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    attempts         BIGINT NOT NULL DEFAULT 0,
    next_attempt_at  TEXT   NOT NULL,
    last_error       TEXT,
    created_at       TEXT   NOT NULL,
    sent_at          TEXT
);

CREATE INDEX mail_queue_due ON mail_queue (status, next_attempt_at);

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

-- A business's mail layouts: the sender name, reply-to, header and footer its modules' mail is
-- dressed in. The default one (at most one per business) is applied.
CREATE TABLE mail_layout (
    layout_id    INTEGER PRIMARY KEY,
    business_id  BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    sender_name  TEXT    NOT NULL DEFAULT '',
    reply_to     TEXT    NOT NULL DEFAULT '',
    header       TEXT    NOT NULL DEFAULT '',
    footer       TEXT    NOT NULL DEFAULT '',
    is_default   INTEGER NOT NULL DEFAULT FALSE,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);

CREATE INDEX mail_layout_business ON mail_layout (business_id);

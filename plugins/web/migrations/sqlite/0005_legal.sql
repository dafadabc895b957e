-- The shop's legal texts (legal notice, privacy, cookies, conditions of sale): every save is a new
-- version, the newest of each kind is the one in force; an order keeps the version of the
-- conditions its customer accepted.
CREATE TABLE web_legal_text (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    version BIGINT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    user_id BIGINT,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX web_legal_text_version ON web_legal_text (business_id, kind, version);
ALTER TABLE web_order ADD COLUMN terms_version BIGINT;

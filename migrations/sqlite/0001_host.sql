-- Host schema (SQLite). Conventions: singular table names, `<table>_id` keys,
-- timestamps as UTC ISO-8601 text (`2026-01-31T10:00:00.000Z`), booleans stored as INTEGER 0/1 (decoded with db::Flag),
-- money in integer cents, JSON documents as TEXT. Every tenant-owned row carries business_id.
-- The PostgreSQL schema in ../postgres mirrors this one column for column.

CREATE TABLE business (
    business_id        INTEGER PRIMARY KEY,
    name               TEXT    NOT NULL,
    fiscal_name        TEXT    NOT NULL DEFAULT '',
    fiscal_code        TEXT    NOT NULL DEFAULT '',
    email              TEXT    NOT NULL DEFAULT '',
    phone              TEXT    NOT NULL DEFAULT '',
    address            TEXT    NOT NULL DEFAULT '',
    city               TEXT    NOT NULL DEFAULT '',
    province_id        BIGINT,
    postal_code        TEXT    NOT NULL DEFAULT '',
    is_provider        INTEGER NOT NULL DEFAULT FALSE,
    status             TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'trial')),
    storage_plan       TEXT    NOT NULL DEFAULT 'basic',
    storage_quota      BIGINT  NOT NULL DEFAULT 1073741824,
    created_at         TEXT    NOT NULL,
    updated_at         TEXT    NOT NULL
);
-- Only one provider business (the special tenant) may exist.
CREATE UNIQUE INDEX business_one_provider ON business (is_provider) WHERE is_provider;

CREATE TABLE service (
    service_id   TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    origin       TEXT NOT NULL DEFAULT 'host'
);

CREATE TABLE business_service (
    business_id  BIGINT NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    service_id   TEXT   NOT NULL REFERENCES service (service_id) ON DELETE CASCADE,
    enabled_at   TEXT   NOT NULL,
    PRIMARY KEY (business_id, service_id)
);

CREATE TABLE branch (
    branch_id            INTEGER PRIMARY KEY,
    business_id          BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    local_server_id      TEXT    NOT NULL DEFAULT '',
    trade_name           TEXT    NOT NULL,
    contact              TEXT    NOT NULL DEFAULT '',
    address              TEXT    NOT NULL DEFAULT '',
    city                 TEXT    NOT NULL DEFAULT '',
    province_id          BIGINT,
    postal_code          TEXT    NOT NULL DEFAULT '',
    phones               TEXT    NOT NULL DEFAULT '[]',
    email                TEXT    NOT NULL DEFAULT '',
    opening_schedule     TEXT    NOT NULL DEFAULT '[]',
    activity_start_date  TEXT,
    show_in_ecommerce    INTEGER NOT NULL DEFAULT FALSE,
    driving_school       TEXT    NOT NULL DEFAULT '{}',
    cap                  TEXT    NOT NULL DEFAULT '{}',
    dangerous_goods      TEXT    NOT NULL DEFAULT '{}',
    points               TEXT    NOT NULL DEFAULT '{}',
    fundae               TEXT    NOT NULL DEFAULT '{}',
    deleted_at           TEXT,
    created_at           TEXT    NOT NULL,
    updated_at           TEXT    NOT NULL
);
CREATE INDEX branch_business ON branch (business_id);

CREATE TABLE role (
    role_id      INTEGER PRIMARY KEY,
    business_id  BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    is_super     INTEGER NOT NULL DEFAULT FALSE,
    menu_access  INTEGER NOT NULL DEFAULT TRUE,
    permissions  TEXT    NOT NULL DEFAULT '[]',
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL,
    CONSTRAINT role_name_unique UNIQUE (business_id, name)
);

CREATE TABLE position (
    position_id  INTEGER PRIMARY KEY,
    business_id  BIGINT NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    name         TEXT   NOT NULL,
    created_at   TEXT   NOT NULL,
    CONSTRAINT position_name_unique UNIQUE (business_id, name)
);

CREATE TABLE app_user (
    user_id        INTEGER PRIMARY KEY,
    business_id    BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    branch_id      BIGINT  REFERENCES branch (branch_id) ON DELETE SET NULL,
    role_id        BIGINT  REFERENCES role (role_id) ON DELETE SET NULL,
    email          TEXT    NOT NULL,
    password_hash  TEXT,
    first_name     TEXT    NOT NULL DEFAULT '',
    last_name      TEXT    NOT NULL DEFAULT '',
    is_active      INTEGER NOT NULL DEFAULT TRUE,
    is_locked      INTEGER NOT NULL DEFAULT FALSE,
    two_factor     INTEGER NOT NULL DEFAULT TRUE,
    locale         TEXT    NOT NULL DEFAULT 'es',
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    CONSTRAINT app_user_email_unique UNIQUE (email)
);
CREATE INDEX app_user_business ON app_user (business_id);

CREATE TABLE user_permission (
    user_id     BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    permission  TEXT   NOT NULL,
    PRIMARY KEY (user_id, permission)
);

CREATE TABLE user_service (
    user_id     BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    service_id  TEXT   NOT NULL REFERENCES service (service_id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, service_id)
);

CREATE TABLE external_identity (
    provider    TEXT   NOT NULL,
    subject     TEXT   NOT NULL,
    user_id     BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    created_at  TEXT   NOT NULL,
    PRIMARY KEY (provider, subject)
);

CREATE TABLE device (
    device_id         INTEGER PRIMARY KEY,
    user_id           BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    device_key        TEXT   NOT NULL,
    name              TEXT   NOT NULL DEFAULT '',
    authorized_until  TEXT,
    created_at        TEXT   NOT NULL,
    last_seen_at      TEXT   NOT NULL,
    CONSTRAINT device_key_unique UNIQUE (user_id, device_key)
);

CREATE TABLE session (
    session_id    INTEGER PRIMARY KEY,
    user_id       BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    device_id     BIGINT REFERENCES device (device_id) ON DELETE CASCADE,
    token_hash    TEXT   NOT NULL,
    ip            TEXT   NOT NULL DEFAULT '',
    user_agent    TEXT   NOT NULL DEFAULT '',
    created_at    TEXT   NOT NULL,
    last_seen_at  TEXT   NOT NULL,
    expires_at    TEXT   NOT NULL,
    revoked_at    TEXT,
    CONSTRAINT session_token_unique UNIQUE (token_hash)
);
CREATE INDEX session_by_user ON session (user_id);

CREATE TABLE signin_code (
    signin_code_id  INTEGER PRIMARY KEY,
    user_id         BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    device_key      TEXT   NOT NULL,
    code_hash       TEXT   NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    created_at      TEXT   NOT NULL,
    expires_at      TEXT   NOT NULL,
    used_at         TEXT
);
CREATE INDEX signin_code_user ON signin_code (user_id, device_key);

CREATE TABLE password_reset (
    password_reset_id  INTEGER PRIMARY KEY,
    user_id            BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    token_hash         TEXT   NOT NULL,
    created_at         TEXT   NOT NULL,
    expires_at         TEXT   NOT NULL,
    used_at            TEXT,
    CONSTRAINT password_reset_token_unique UNIQUE (token_hash)
);

-- Failed sign-in attempts, for throttling per account and per address. Shared by all hosts.
CREATE TABLE auth_failure (
    auth_failure_id  INTEGER PRIMARY KEY,
    scope            TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    subject          TEXT NOT NULL,
    failed_at        TEXT NOT NULL
);
CREATE INDEX auth_failure_lookup ON auth_failure (scope, subject, failed_at);

CREATE TABLE folder (
    folder_id    INTEGER PRIMARY KEY,
    business_id  BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    parent_id    BIGINT  REFERENCES folder (folder_id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    is_private   INTEGER NOT NULL DEFAULT FALSE,
    created_by   BIGINT  REFERENCES app_user (user_id) ON DELETE SET NULL,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);
CREATE UNIQUE INDEX folder_name_unique ON folder (business_id, COALESCE(parent_id, 0), name);

CREATE TABLE folder_owner_user (
    folder_id  BIGINT NOT NULL REFERENCES folder (folder_id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    PRIMARY KEY (folder_id, user_id)
);

CREATE TABLE folder_owner_role (
    folder_id  BIGINT NOT NULL REFERENCES folder (folder_id) ON DELETE CASCADE,
    role_id    BIGINT NOT NULL REFERENCES role (role_id) ON DELETE CASCADE,
    PRIMARY KEY (folder_id, role_id)
);

CREATE TABLE file (
    file_id       INTEGER PRIMARY KEY,
    business_id   BIGINT  NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    folder_id     BIGINT  REFERENCES folder (folder_id) ON DELETE CASCADE,
    name          TEXT    NOT NULL,
    size          BIGINT  NOT NULL,
    content_type  TEXT    NOT NULL,
    storage_key   TEXT    NOT NULL,
    is_public     INTEGER NOT NULL DEFAULT FALSE,
    created_by    BIGINT  REFERENCES app_user (user_id) ON DELETE SET NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE UNIQUE INDEX file_name_unique ON file (business_id, COALESCE(folder_id, 0), name);

CREATE TABLE audit_log (
    audit_log_id   INTEGER PRIMARY KEY,
    business_id    BIGINT NOT NULL,
    actor_user_id  BIGINT,
    action         TEXT   NOT NULL,
    target_kind    TEXT   NOT NULL,
    target_id      TEXT   NOT NULL,
    detail         TEXT   NOT NULL DEFAULT '{}',
    request_id     TEXT   NOT NULL DEFAULT '',
    created_at     TEXT   NOT NULL
);
CREATE INDEX audit_log_business ON audit_log (business_id, created_at);

-- Per-business settings of host-level features, as JSON values.
CREATE TABLE business_setting (
    business_id  BIGINT NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    key          TEXT   NOT NULL,
    value        TEXT   NOT NULL,
    updated_at   TEXT   NOT NULL,
    PRIMARY KEY (business_id, key)
);

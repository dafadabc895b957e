-- Installed plugins, the read grants the provider gave them, and their per-business settings.

CREATE TABLE plugin_install (
    plugin_id     TEXT PRIMARY KEY,
    version       TEXT NOT NULL,
    digest        TEXT NOT NULL,
    signer        TEXT NOT NULL,
    manifest      TEXT NOT NULL,
    package_path  TEXT NOT NULL,
    installed_at  TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

CREATE TABLE plugin_grant (
    plugin_id   TEXT NOT NULL REFERENCES plugin_install (plugin_id) ON DELETE CASCADE,
    table_name  TEXT NOT NULL,
    granted_at  TEXT NOT NULL,
    PRIMARY KEY (plugin_id, table_name)
);

CREATE TABLE plugin_setting (
    business_id  BIGINT NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    plugin_id    TEXT   NOT NULL,
    key          TEXT   NOT NULL,
    value        TEXT   NOT NULL,
    updated_at   TEXT   NOT NULL,
    PRIMARY KEY (business_id, plugin_id, key)
);

-- Which businesses have had each plugin's migrations applied (SQLite keeps plugin data in one
-- file per business; PostgreSQL applies them once, recorded with business_id 0).
CREATE TABLE plugin_business (
    plugin_id    TEXT   NOT NULL,
    business_id  BIGINT NOT NULL,
    version      TEXT   NOT NULL,
    migrated_at  TEXT   NOT NULL,
    PRIMARY KEY (plugin_id, business_id)
);

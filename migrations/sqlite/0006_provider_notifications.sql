-- The provider's business groups (schools grouped, e.g. by franchise or region) and its
-- notifications to the schools: to every school or to a business group, sorted into
-- notification groups, each read (or not) by each user of the schools it reaches.

CREATE TABLE business_group (
    group_id    INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
);

ALTER TABLE business ADD COLUMN group_id BIGINT REFERENCES business_group (group_id) ON DELETE SET NULL;

CREATE TABLE notification_group (
    group_id    INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
);

CREATE TABLE notification (
    notification_id    INTEGER PRIMARY KEY,
    title              TEXT   NOT NULL,
    body               TEXT   NOT NULL DEFAULT '',
    level              TEXT   NOT NULL DEFAULT 'info' CHECK (level IN ('info', 'warning', 'urgent')),
    group_id           BIGINT REFERENCES notification_group (group_id) ON DELETE SET NULL,
    business_group_id  BIGINT REFERENCES business_group (group_id),
    created_by         BIGINT,
    created_at         TEXT   NOT NULL,
    updated_at         TEXT   NOT NULL,
    deleted_at         TEXT
);

CREATE INDEX notification_created ON notification (created_at);

CREATE TABLE notification_read (
    notification_id  BIGINT NOT NULL REFERENCES notification (notification_id) ON DELETE CASCADE,
    user_id          BIGINT NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
    read_at          TEXT   NOT NULL,
    PRIMARY KEY (notification_id, user_id)
);

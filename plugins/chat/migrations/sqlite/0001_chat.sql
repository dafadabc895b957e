-- The chat: groups with their members (invited, member, left), and messages, each either direct
-- between two employees, in a group, or written to a contact (and mailed to them). What each
-- user has read is kept per conversation as the last message read.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds.

CREATE TABLE chat_group (
    group_id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    image_file_id BIGINT,
    created_by BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE chat_member (
    business_id BIGINT NOT NULL,
    group_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    state TEXT NOT NULL,
    invited_by BIGINT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX chat_member_user ON chat_member (business_id, user_id, state);

CREATE TABLE chat_message (
    message_id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    target TEXT NOT NULL,
    from_user_id BIGINT NOT NULL,
    to_user_id BIGINT,
    group_id BIGINT,
    contact_id BIGINT,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX chat_message_direct ON chat_message (business_id, target, to_user_id, from_user_id, message_id);
CREATE INDEX chat_message_group ON chat_message (business_id, group_id, message_id);
CREATE INDEX chat_message_contact ON chat_message (business_id, contact_id, message_id);

-- The last message a user has read in a conversation: `peer` is `employee:<user_id>`,
-- `group:<group_id>` or `contact:<contact_id>`.
CREATE TABLE chat_read (
    business_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    peer TEXT NOT NULL,
    last_read_id BIGINT NOT NULL,
    PRIMARY KEY (business_id, user_id, peer)
);

-- The virtual classroom: rooms (live classes) with their people (staff members, students and
-- inspectors, the last two with personal links), the meetings opened in them and who attended.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; a room's times are local YYYY-MM-DDTHH:MM.

CREATE TABLE rooms_room (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    teacher_id BIGINT,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    member_ids TEXT NOT NULL DEFAULT '[]',
    student_ids TEXT NOT NULL DEFAULT '[]',
    created_by BIGINT
);
CREATE INDEX rooms_room_starts ON rooms_room (business_id, starts_at);
CREATE INDEX rooms_room_teacher ON rooms_room (business_id, teacher_id);

-- kind: member (a staff user), student (a contact) or inspector; reference: their public link.
CREATE TABLE rooms_participant (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    room_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT,
    contact_id BIGINT,
    name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    organisation TEXT NOT NULL DEFAULT '',
    reference TEXT
);
CREATE INDEX rooms_participant_room ON rooms_participant (business_id, room_id);
CREATE INDEX rooms_participant_user ON rooms_participant (business_id, user_id);
CREATE INDEX rooms_participant_reference ON rooms_participant (reference);

-- A meeting is open until ended_at is set; at most one open per room.
CREATE TABLE rooms_meeting (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    room_id BIGINT NOT NULL,
    url TEXT NOT NULL,
    started_at TEXT NOT NULL,
    started_by BIGINT,
    ended_at TEXT
);
CREATE INDEX rooms_meeting_room ON rooms_meeting (business_id, room_id);
CREATE UNIQUE INDEX rooms_meeting_open ON rooms_meeting (business_id, room_id) WHERE ended_at IS NULL;

-- One row per meeting and person (person: user:<id> or participant:<id>), with the name and the
-- role they had, when they joined and when their page last reported.
CREATE TABLE rooms_attendance (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    room_id BIGINT NOT NULL,
    meeting_id BIGINT NOT NULL,
    person TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    joined_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
);
CREATE UNIQUE INDEX rooms_attendance_person ON rooms_attendance (business_id, meeting_id, person);
CREATE INDEX rooms_attendance_room ON rooms_attendance (business_id, room_id);

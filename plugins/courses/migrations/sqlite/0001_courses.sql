-- Courses run in a classroom (training, permit A and points-recovery courses), their groups, the
-- students enrolled (contacts of the contacts plugin, by id), the sessions with their place and
-- teachers, and the attendance taken in each session.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; times HH:MM text;
-- booleans 0/1.

CREATE TABLE courses_course (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    reference TEXT NOT NULL,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    group_id BIGINT,
    administration_code TEXT NOT NULL DEFAULT '',
    cap_authorisation TEXT NOT NULL DEFAULT '',
    formative_action TEXT NOT NULL DEFAULT '',
    formative_group TEXT NOT NULL DEFAULT '',
    modality TEXT NOT NULL DEFAULT 'in_person',
    max_students BIGINT NOT NULL,
    hours REAL,
    start_date TEXT,
    end_date TEXT,
    training_centre TEXT NOT NULL DEFAULT '',
    place TEXT NOT NULL DEFAULT '',
    ceded_by TEXT NOT NULL DEFAULT '',
    biometric_control INTEGER NOT NULL DEFAULT 0,
    observations TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX courses_course_reference ON courses_course (business_id, reference);
CREATE INDEX courses_course_kind ON courses_course (business_id, kind, state, start_date);
CREATE INDEX courses_course_group ON courses_course (business_id, group_id);

CREATE TABLE courses_group (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
CREATE INDEX courses_group_kind ON courses_group (business_id, kind, name);

CREATE TABLE courses_student (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    course_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    enrolled_at TEXT NOT NULL
);
CREATE UNIQUE INDEX courses_student_course ON courses_student (business_id, course_id, contact_id);
CREATE INDEX courses_student_contact ON courses_student (business_id, contact_id);

CREATE TABLE courses_place (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    name TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    capacity BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX courses_place_name ON courses_place (business_id, state, name);

CREATE TABLE courses_teacher (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL DEFAULT '',
    fiscal_code TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT 'trainer',
    qualification TEXT NOT NULL DEFAULT '',
    user_id BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX courses_teacher_name ON courses_teacher (business_id, state, first_name, last_name);

CREATE TABLE courses_session (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    course_id BIGINT NOT NULL,
    date TEXT NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'theory',
    place_id BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX courses_session_course ON courses_session (business_id, course_id, date);
CREATE INDEX courses_session_date ON courses_session (business_id, date, place_id);

CREATE TABLE courses_session_teacher (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    session_id BIGINT NOT NULL,
    teacher_id BIGINT NOT NULL
);
CREATE UNIQUE INDEX courses_session_teacher_pair ON courses_session_teacher (business_id, session_id, teacher_id);
CREATE INDEX courses_session_teacher_teacher ON courses_session_teacher (business_id, teacher_id);

CREATE TABLE courses_attendance (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    session_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    present INTEGER NOT NULL,
    marked_at TEXT NOT NULL,
    marked_by BIGINT NOT NULL
);
CREATE UNIQUE INDEX courses_attendance_pair ON courses_attendance (business_id, session_id, contact_id);

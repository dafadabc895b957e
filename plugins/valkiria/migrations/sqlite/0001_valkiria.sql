-- Online theory tests: a bank of DGT-style questions per licence class sorted into blocks, the
-- tests made of them, the students enrolled per licence until a date, and every attempt they
-- make with its answers; resets archive attempts.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; booleans 0/1;
-- lists JSON text. Uniqueness among live rows (references, DNIs) is checked by the plugin.

CREATE TABLE valkiria_block (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    licence TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    position BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX valkiria_block_licence ON valkiria_block (business_id, licence, position);

CREATE TABLE valkiria_question (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    block_id BIGINT NOT NULL,
    licence TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    statement TEXT NOT NULL,
    answers TEXT NOT NULL DEFAULT '[]',
    correct BIGINT NOT NULL DEFAULT 0,
    explanation TEXT NOT NULL DEFAULT ''
);
CREATE INDEX valkiria_question_block ON valkiria_question (business_id, block_id);
CREATE INDEX valkiria_question_licence ON valkiria_question (business_id, licence, id);
CREATE INDEX valkiria_question_reference ON valkiria_question (business_id, reference);

CREATE TABLE valkiria_translation (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    question_id BIGINT NOT NULL,
    language TEXT NOT NULL,
    statement TEXT NOT NULL,
    answers TEXT NOT NULL DEFAULT '[]',
    explanation TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX valkiria_translation_question ON valkiria_translation (business_id, question_id, language);

CREATE TABLE valkiria_test (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    licence TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'exam',
    block_id BIGINT,
    question_ids TEXT NOT NULL DEFAULT '[]',
    max_errors BIGINT NOT NULL DEFAULT 3,
    minutes BIGINT NOT NULL DEFAULT 30,
    expires_on TEXT
);
CREATE INDEX valkiria_test_licence ON valkiria_test (business_id, licence, search_text);
CREATE INDEX valkiria_test_block ON valkiria_test (business_id, block_id);

CREATE TABLE valkiria_student (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    dni TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    contact_id BIGINT,
    two_factor INTEGER NOT NULL DEFAULT 0,
    pin_salt TEXT NOT NULL DEFAULT '',
    pin_hash TEXT NOT NULL DEFAULT '',
    branch_id BIGINT
);
CREATE INDEX valkiria_student_dni ON valkiria_student (business_id, dni);
CREATE INDEX valkiria_student_name ON valkiria_student (business_id, search_text);

CREATE TABLE valkiria_enrolment (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    student_id BIGINT NOT NULL,
    licence TEXT NOT NULL,
    expires_on TEXT NOT NULL
);
-- One enrolment per student and licence: a deleted one is brought back when enrolled again.
CREATE UNIQUE INDEX valkiria_enrolment_student ON valkiria_enrolment (business_id, student_id, licence);
CREATE INDEX valkiria_enrolment_expires ON valkiria_enrolment (business_id, expires_on);

CREATE TABLE valkiria_attempt (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    student_id BIGINT NOT NULL,
    test_id BIGINT NOT NULL,
    licence TEXT NOT NULL,
    language TEXT NOT NULL DEFAULT 'es',
    errors BIGINT NOT NULL,
    blank BIGINT NOT NULL,
    total BIGINT NOT NULL,
    passed INTEGER NOT NULL,
    seconds BIGINT,
    taken_at TEXT NOT NULL,
    reset_id BIGINT
);
CREATE INDEX valkiria_attempt_student ON valkiria_attempt (business_id, student_id, taken_at);
CREATE INDEX valkiria_attempt_test ON valkiria_attempt (business_id, test_id);
CREATE INDEX valkiria_attempt_taken ON valkiria_attempt (business_id, taken_at);

CREATE TABLE valkiria_attempt_answer (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    attempt_id BIGINT NOT NULL,
    question_id BIGINT NOT NULL,
    block_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    chosen BIGINT,
    correct INTEGER NOT NULL
);
CREATE INDEX valkiria_attempt_answer_attempt ON valkiria_attempt_answer (business_id, attempt_id, position);
CREATE INDEX valkiria_attempt_answer_question ON valkiria_attempt_answer (business_id, question_id);
CREATE INDEX valkiria_attempt_answer_block ON valkiria_attempt_answer (business_id, block_id);

CREATE TABLE valkiria_reset (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    student_id BIGINT NOT NULL,
    licence TEXT,
    reason TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    user_id BIGINT NOT NULL
);
CREATE INDEX valkiria_reset_student ON valkiria_reset (business_id, student_id, created_at);

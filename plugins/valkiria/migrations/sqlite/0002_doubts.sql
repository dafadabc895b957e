-- Doubts: a student's question about a question of the bank, asked from a test's correction,
-- read and answered by the staff. student_name and question_text are what the finder searches
-- (kept as they were when asked).

CREATE TABLE valkiria_doubt (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    student_id BIGINT NOT NULL,
    question_id BIGINT NOT NULL,
    attempt_id BIGINT,
    test_id BIGINT,
    chosen BIGINT,
    language TEXT NOT NULL DEFAULT 'es',
    text TEXT NOT NULL,
    student_name TEXT NOT NULL DEFAULT '',
    question_text TEXT NOT NULL DEFAULT '',
    licence TEXT NOT NULL DEFAULT '',
    read_at TEXT,
    read_by BIGINT,
    answer TEXT NOT NULL DEFAULT '',
    answered_at TEXT,
    answered_by BIGINT
);
CREATE INDEX valkiria_doubt_created ON valkiria_doubt (business_id, created_at);
CREATE INDEX valkiria_doubt_student ON valkiria_doubt (business_id, student_id);
CREATE INDEX valkiria_doubt_question ON valkiria_doubt (business_id, question_id);

-- Practical driving lessons: the kinds of lesson the school sells (with their length and
-- price), the students who take them (contacts of the contacts plugin, one per licence class),
-- the packs of lessons each student bought (bonos), and the lessons themselves, each with its
-- teacher and vehicle, and charged to a pack once given.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; times HH:MM text;
-- amounts in cents.

CREATE TABLE practices_type (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    licence TEXT NOT NULL,
    minutes BIGINT NOT NULL,
    price BIGINT NOT NULL,
    description TEXT NOT NULL DEFAULT ''
);
CREATE INDEX practices_type_licence ON practices_type (business_id, licence);

CREATE TABLE practices_student (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    contact_id BIGINT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    licence TEXT NOT NULL,
    teacher_user_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX practices_student_contact ON practices_student (business_id, contact_id, licence);

CREATE TABLE practices_bag (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    student_id BIGINT NOT NULL,
    type_id BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    price BIGINT NOT NULL,
    purchased_on TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX practices_bag_student ON practices_bag (business_id, student_id, type_id);

CREATE TABLE practices_practice (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    student_id BIGINT NOT NULL,
    type_id BIGINT NOT NULL,
    teacher_user_id BIGINT,
    vehicle_id BIGINT,
    date TEXT NOT NULL,
    start_time TEXT NOT NULL,
    end_time TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'scheduled',
    bag_id BIGINT,
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX practices_practice_student ON practices_practice (business_id, student_id, date);
CREATE INDEX practices_practice_day ON practices_practice (business_id, date, start_time);
CREATE INDEX practices_practice_bag ON practices_practice (business_id, bag_id);

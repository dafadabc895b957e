-- The DGT paperwork of a driving school: the students' register books (libro-registro de
-- alumnos) with one entry per student and licence, the folders of students presented to an exam
-- (carpetas), and the DGT fees (tasas) the school works with.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; amounts in cents.

CREATE TABLE dgt_book (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    number BIGINT,
    school_code TEXT NOT NULL DEFAULT '',
    opened_on TEXT,
    closed_on TEXT,
    capacity BIGINT NOT NULL,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX dgt_book_branch ON dgt_book (business_id, branch_id, number);

CREATE TABLE dgt_book_student (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    book_id BIGINT NOT NULL,
    number BIGINT,
    contact_id BIGINT,
    first_name TEXT NOT NULL,
    last_names TEXT NOT NULL,
    document TEXT NOT NULL,
    birth_date TEXT,
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    postal_code TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    licence TEXT NOT NULL,
    enrolled_on TEXT,
    theory_exam_date TEXT,
    theory_result TEXT NOT NULL DEFAULT 'pending',
    practical_exam_date TEXT,
    practical_result TEXT NOT NULL DEFAULT 'pending',
    licence_issued_on TEXT,
    left_on TEXT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX dgt_book_student_book ON dgt_book_student (business_id, book_id, number);
CREATE INDEX dgt_book_student_document ON dgt_book_student (business_id, document, licence);
CREATE INDEX dgt_book_student_contact ON dgt_book_student (business_id, contact_id);

CREATE TABLE dgt_folder (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    reference TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    exam_kind TEXT NOT NULL,
    licence TEXT NOT NULL,
    exam_centre TEXT NOT NULL DEFAULT '',
    exam_date TEXT,
    submitted_on TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    notes TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX dgt_folder_reference ON dgt_folder (business_id, reference);
CREATE INDEX dgt_folder_date ON dgt_folder (business_id, exam_date);

CREATE TABLE dgt_folder_student (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    folder_id BIGINT NOT NULL,
    contact_id BIGINT NOT NULL,
    book_student_id BIGINT,
    tax_id BIGINT,
    tax_number TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT 'pending',
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX dgt_folder_student_contact ON dgt_folder_student (business_id, folder_id, contact_id);
CREATE INDEX dgt_folder_student_of_contact ON dgt_folder_student (business_id, contact_id);

CREATE TABLE dgt_tax (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    type_code TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    amount BIGINT
);
CREATE INDEX dgt_tax_code ON dgt_tax (business_id, type_code);

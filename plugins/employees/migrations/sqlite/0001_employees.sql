-- The school's staff: one row per employee (personal, teacher and labour data, the branches and
-- positions they work in, the link to their user account) and the biometric terminal's PIN.
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; booleans 0/1;
-- lists JSON text.

CREATE TABLE employees_employee (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    code TEXT NOT NULL,
    fiscal_code TEXT NOT NULL DEFAULT '',
    gender TEXT,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL DEFAULT '',
    second_last_name TEXT NOT NULL DEFAULT '',
    birthday TEXT,
    phone TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    postal_code TEXT NOT NULL DEFAULT '',
    branches TEXT NOT NULL DEFAULT '[]',
    positions TEXT NOT NULL DEFAULT '[]',
    incorporation_date TEXT,
    observations TEXT NOT NULL DEFAULT '',
    is_teacher INTEGER NOT NULL DEFAULT 0,
    teacher_classes TEXT NOT NULL DEFAULT '[]',
    teacher_number TEXT NOT NULL DEFAULT '',
    contract_type TEXT,
    workday TEXT,
    weekly_hours REAL,
    social_security_number TEXT NOT NULL DEFAULT '',
    iban TEXT NOT NULL DEFAULT '',
    professional_category TEXT NOT NULL DEFAULT '',
    leave_date TEXT,
    user_id BIGINT
);
CREATE UNIQUE INDEX employees_employee_code ON employees_employee (business_id, code);
CREATE INDEX employees_employee_fiscal_code ON employees_employee (business_id, fiscal_code);
CREATE UNIQUE INDEX employees_employee_user ON employees_employee (business_id, user_id);
CREATE INDEX employees_employee_branch ON employees_employee (business_id, branch_id, state);
CREATE INDEX employees_employee_name ON employees_employee (business_id, first_name, last_name);

CREATE TABLE employees_pin (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    employee_id BIGINT NOT NULL,
    pin TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX employees_pin_employee ON employees_pin (business_id, employee_id);
CREATE UNIQUE INDEX employees_pin_value ON employees_pin (business_id, pin);

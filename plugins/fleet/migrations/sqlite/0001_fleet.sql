-- The school's fleet: vehicles (with their ITV date and upkeep), the workshops that look after
-- them, each vehicle's maintenance record, and insurance policies (of a vehicle or of the
-- school: civil liability, premises).
-- Conventions: singular table names prefixed with the plugin id; every row carries business_id;
-- timestamps are UTC ISO-8601 text with milliseconds; dates YYYY-MM-DD text; amounts integer
-- cents; booleans 0/1; lists JSON text.

CREATE TABLE fleet_vehicle (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    plate TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'car',
    brand_id BIGINT,
    model TEXT NOT NULL DEFAULT '',
    licence_classes TEXT NOT NULL DEFAULT '[]',
    fuel TEXT,
    gearbox TEXT NOT NULL DEFAULT 'manual',
    dual_controls INTEGER NOT NULL DEFAULT 1,
    vin TEXT NOT NULL DEFAULT '',
    registration_date TEXT,
    itv_due TEXT,
    odometer_km BIGINT,
    teacher_user_id BIGINT,
    notes TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX fleet_vehicle_plate ON fleet_vehicle (business_id, plate);
CREATE INDEX fleet_vehicle_branch ON fleet_vehicle (business_id, branch_id, state);
CREATE INDEX fleet_vehicle_itv ON fleet_vehicle (business_id, itv_due);

CREATE TABLE fleet_workshop (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    name TEXT NOT NULL,
    category TEXT NOT NULL DEFAULT 'workshop',
    tax_code TEXT NOT NULL DEFAULT '',
    contact_person TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    street TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    province_id BIGINT,
    postal_code TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX fleet_workshop_name ON fleet_workshop (business_id, name);

CREATE TABLE fleet_maintenance (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    vehicle_id BIGINT NOT NULL,
    workshop_id BIGINT,
    done_on TEXT NOT NULL,
    kind TEXT NOT NULL,
    itv_result TEXT,
    next_itv_due TEXT,
    odometer_km BIGINT,
    cost_cents BIGINT,
    description TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX fleet_maintenance_vehicle ON fleet_maintenance (business_id, vehicle_id, done_on);
CREATE INDEX fleet_maintenance_workshop ON fleet_maintenance (business_id, workshop_id);

CREATE TABLE fleet_insurance (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    branch_id BIGINT,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    policy_number TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'vehicle',
    coverage TEXT,
    vehicle_id BIGINT,
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    premium_cents BIGINT,
    payment TEXT NOT NULL DEFAULT 'annual',
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX fleet_insurance_end ON fleet_insurance (business_id, end_date);
CREATE INDEX fleet_insurance_vehicle ON fleet_insurance (business_id, vehicle_id);

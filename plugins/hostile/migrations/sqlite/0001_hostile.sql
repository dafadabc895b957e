-- The hostile plugin's only table: rows the attacks try to reach across businesses.
CREATE TABLE hostile_item (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX hostile_item_business ON hostile_item (business_id);

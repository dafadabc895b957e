-- How many times each test may be repeated during an enrolment (the online shop's "test
-- repetitions" purchase trigger, or the staff): null means no limit.
ALTER TABLE valkiria_enrolment ADD COLUMN repetitions BIGINT;

-- The students' personal links to take their tests at home (valkiria/student/online): the link's
-- reference, revoked when renewed or when the student is deleted.
ALTER TABLE valkiria_student ADD COLUMN online_reference TEXT;
CREATE INDEX valkiria_student_online ON valkiria_student (business_id, online_reference);

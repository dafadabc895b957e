-- An event's reminder: minutes before it starts (an all-day event: before 09:00 of its day) when
-- the staff it concerns are told in their browsers; NULL: none.
ALTER TABLE agenda_event ADD COLUMN reminder_minutes BIGINT;

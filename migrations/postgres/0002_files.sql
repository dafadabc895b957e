-- Document manager (PostgreSQL). Mirrors ../sqlite/0002_files.sql.
-- * file.handle: the random name of the object in storage and in read URLs
--   (`/api/filesystem/file/read/<handle>`); unique across all businesses.
-- * search_name: the name folded (lower case, no accents, crate::text::fold) for search.
-- * business.storage_used: bytes of the business's files, moved in the same transaction as
--   the rows, so the quota check is one conditional UPDATE on both engines.
ALTER TABLE business ADD COLUMN storage_used BIGINT NOT NULL DEFAULT 0;
ALTER TABLE file ADD COLUMN handle TEXT NOT NULL DEFAULT '';
ALTER TABLE file ADD COLUMN search_name TEXT NOT NULL DEFAULT '';
ALTER TABLE folder ADD COLUMN search_name TEXT NOT NULL DEFAULT '';

UPDATE file SET handle = 'f' || file_id::TEXT, search_name = lower(name);
UPDATE folder SET search_name = lower(name);
UPDATE business SET storage_used = (SELECT COALESCE(SUM(size), 0) FROM file WHERE file.business_id = business.business_id);

CREATE UNIQUE INDEX file_handle_unique ON file (handle);
CREATE INDEX file_folder ON file (business_id, folder_id);
CREATE INDEX folder_parent ON folder (business_id, parent_id);

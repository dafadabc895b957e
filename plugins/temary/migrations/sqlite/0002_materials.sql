-- A subtheme's sheets (PDF or image worksheets) and videos, each a file of the document manager,
-- in order within the subtheme.

CREATE TABLE temary_sheet (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    subtheme_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    file_id BIGINT NOT NULL,
    content_type TEXT NOT NULL DEFAULT '',
    size BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX temary_sheet_parent ON temary_sheet (business_id, subtheme_id, position);

CREATE TABLE temary_video (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    subtheme_id BIGINT NOT NULL,
    position BIGINT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    file_id BIGINT NOT NULL,
    content_type TEXT NOT NULL DEFAULT '',
    size BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX temary_video_parent ON temary_video (business_id, subtheme_id, position);

-- The school's blog: posts written by the staff, drafts (pending), scheduled (waiting for
-- publish_at, when a timer publishes them), published or discarded. tags and gallery are JSON
-- lists; link is the public link that shares the images of a post on the site.
CREATE TABLE web_blog_post (
    id INTEGER PRIMARY KEY,
    business_id BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active',
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    tags TEXT NOT NULL DEFAULT '[]',
    header_file_id BIGINT,
    content TEXT NOT NULL DEFAULT '',
    gallery TEXT NOT NULL DEFAULT '[]',
    publish_at TEXT,
    status TEXT NOT NULL DEFAULT 'pending',
    user_id BIGINT,
    link TEXT NOT NULL DEFAULT ''
);
CREATE INDEX web_blog_post_status ON web_blog_post (business_id, status, publish_at);

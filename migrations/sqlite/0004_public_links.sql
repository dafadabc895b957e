-- Public links (interface 0.1.7, `links`): an unguessable reference a plugin issued, which lets a
-- caller without a session reach the plugin's `link` routes in the issuing business and read the
-- files shared through it.

CREATE TABLE public_link (
    reference    TEXT   PRIMARY KEY,
    plugin_id    TEXT   NOT NULL,
    business_id  BIGINT NOT NULL REFERENCES business (business_id) ON DELETE CASCADE,
    subject      TEXT   NOT NULL,
    created_by   BIGINT,
    created_at   TEXT   NOT NULL,
    expires_at   TEXT,
    revoked_at   TEXT
);

CREATE INDEX public_link_business ON public_link (business_id, plugin_id);

CREATE TABLE public_link_file (
    reference  TEXT   NOT NULL REFERENCES public_link (reference) ON DELETE CASCADE,
    file_id    BIGINT NOT NULL REFERENCES file (file_id) ON DELETE CASCADE,
    PRIMARY KEY (reference, file_id)
);

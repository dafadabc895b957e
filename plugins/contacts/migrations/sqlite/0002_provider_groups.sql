-- Groups are clients' (contact/group/) or suppliers' (provider/group/).
ALTER TABLE contacts_group ADD COLUMN relation TEXT NOT NULL DEFAULT 'client';

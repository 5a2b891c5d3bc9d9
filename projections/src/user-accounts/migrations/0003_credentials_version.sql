-- Credentials (passwords, links, sign-ins) moved to their own `user-credentials-<id>` streams: the row keeps each
-- stream's applied version apart, so that stream_version stays the record's version (its ETag).
ALTER TABLE user_accounts ADD COLUMN credentials_version integer NOT NULL DEFAULT 0;

-- Secrets stay out of the event log: the log records that a password was set, this table holds its hash.
CREATE TABLE user_credentials (
  user_id       text        PRIMARY KEY,
  password_hash text        NOT NULL,
  set_at        timestamptz NOT NULL
);

-- Server-side sessions behind the JWTs: logout, deactivation and 10 minutes of inactivity end them here.
CREATE TABLE sessions (
  id            uuid        PRIMARY KEY,
  user_id       text        NOT NULL,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoke_reason text
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

-- Set-password and reset links (architecture §6): random, single-use, valid 24 h, stored only as a SHA-256 hash.
CREATE TABLE password_tokens (
  token_hash  text        PRIMARY KEY,
  user_id     text        NOT NULL,
  purpose     text        NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_tokens_user ON password_tokens (user_id) WHERE used_at IS NULL;

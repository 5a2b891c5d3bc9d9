-- Read model of staff accounts: login lookups, the account header, Manage User (spec §2.3, §3 User).
CREATE TABLE user_accounts (
  id                     text        PRIMARY KEY,
  email                  text        NOT NULL,
  first_name             text        NOT NULL,
  last_name              text        NOT NULL,
  role                   text        NOT NULL,
  user_active            boolean     NOT NULL,
  is_deleted             boolean     NOT NULL,
  is_training_completed  boolean     NOT NULL,
  password_set_at        timestamptz,
  last_login_at          timestamptz,
  created_at             timestamptz NOT NULL,
  -- Last stream version applied: makes replays of the same event harmless.
  stream_version         integer     NOT NULL
);
CREATE UNIQUE INDEX user_accounts_email ON user_accounts (lower(email));

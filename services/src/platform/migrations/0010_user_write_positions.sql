-- Read-your-writes with a replica: after a signed-in user's command has settled, the primary's WAL position
-- then; that user's reads go to the replica only once it has replayed past it. Shared by every API instance, so the
-- next request may land on any of them. One row per user, only ever moved forward.
CREATE TABLE user_write_positions (
  user_id text PRIMARY KEY,
  wal_lsn pg_lsn NOT NULL,
  written_at timestamptz NOT NULL
);

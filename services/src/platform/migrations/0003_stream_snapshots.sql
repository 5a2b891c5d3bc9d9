-- Folded aggregate state every so many events, so that loading a long stream (a user with a thousand logins) reads
-- the snapshot and the events after it. Derived from the log and disposable: deleting rows only costs a longer read.
CREATE TABLE stream_snapshots (
  stream_id   text        NOT NULL,
  -- The decider's name and a hash of its evolve code: changed code never reads an old snapshot.
  state_key   text        NOT NULL,
  version     integer     NOT NULL,
  state       jsonb       NOT NULL,
  taken_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, state_key)
);

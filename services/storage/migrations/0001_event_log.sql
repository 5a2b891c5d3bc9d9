-- The append-only event log (architecture §3). Appends are serialized by a transaction-scoped
-- advisory lock, so `position` is assigned gap-free in commit order and readers never miss a late commit.
CREATE TABLE events (
  position        bigint      PRIMARY KEY,
  stream_id       text        NOT NULL,
  stream_version  integer     NOT NULL,
  event_id        uuid        NOT NULL UNIQUE,
  type            text        NOT NULL,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL,
  hash            text        NOT NULL,
  UNIQUE (stream_id, stream_version)
);

-- Nothing ever changes or removes an event. Only a superuser who disables this trigger can,
-- and the hash chain then shows where.
CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the event log is append-only: % is not allowed', TG_OP;
END;
$$;

CREATE TRIGGER events_append_only
  BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_append_only();

CREATE TRIGGER events_no_truncate
  BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_are_append_only();

-- Positions are exactly the previous maximum plus one, and stream versions likewise within their stream, whoever
-- inserts: a stray row far ahead would make readers skip, or wait for, events that never come.
-- Rows inserted earlier by the same statement are visible here, so a multi-event append checks each row in turn.
CREATE FUNCTION events_positions_are_dense() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tail bigint;
  v_version integer;
BEGIN
  SELECT coalesce(max(position), 0) INTO v_tail FROM events;
  IF NEW.position <> v_tail + 1 THEN
    RAISE EXCEPTION USING ERRCODE = 'IF003', MESSAGE = format('event position %s is not the next one (%s)', NEW.position, v_tail + 1);
  END IF;
  SELECT coalesce(max(stream_version), 0) INTO v_version FROM events WHERE stream_id = NEW.stream_id;
  IF NEW.stream_version <> v_version + 1 THEN
    RAISE EXCEPTION USING ERRCODE = 'IF003',
      MESSAGE = format('stream %s version %s is not the next one (%s)', NEW.stream_id, NEW.stream_version, v_version + 1);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER events_dense_positions
  BEFORE INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION events_positions_are_dense();

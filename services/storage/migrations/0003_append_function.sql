-- One round trip per append (architecture §3): the API computes the hash chain from the tail it last saw and
-- calls this function, which takes the append lock, checks the stream version and that the tail has not moved,
-- inserts and notifies, all in the statement's own transaction. IF001: wrong expected version (DETAIL: the actual
-- version). IF002: another process appended meanwhile (DETAIL: the tail position); the caller re-reads the tail.
CREATE FUNCTION append_events(
  p_stream text,
  p_expected integer,
  p_previous_position bigint,
  p_event_ids uuid[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[],
  p_recorded_at timestamptz,
  p_hashes text[],
  p_notify boolean
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_current integer;
  v_tail bigint;
  v_count integer := cardinality(p_types);
BEGIN
  PERFORM pg_advisory_xact_lock(7262002);
  SELECT coalesce(max(stream_version), 0) INTO v_current FROM events WHERE stream_id = p_stream;
  IF v_current <> p_expected THEN
    RAISE EXCEPTION USING ERRCODE = 'IF001', MESSAGE = 'wrong expected version', DETAIL = v_current::text;
  END IF;
  SELECT coalesce(max(position), 0) INTO v_tail FROM events;
  IF v_tail <> p_previous_position THEN
    RAISE EXCEPTION USING ERRCODE = 'IF002', MESSAGE = 'the log tail moved', DETAIL = v_tail::text;
  END IF;
  INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
  SELECT p_previous_position + i, p_stream, p_expected + i, p_event_ids[i], p_types[i], p_data[i], p_metadata[i],
         p_recorded_at, p_hashes[i]
    FROM generate_subscripts(p_types, 1) AS i;
  IF p_notify THEN
    PERFORM pg_notify('ifu_events', (p_previous_position + v_count)::text);
  END IF;
  RETURN p_previous_position + v_count;
END;
$$;

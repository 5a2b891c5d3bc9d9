-- Group commit (architecture §"The event log"): the appends one process has queued while its previous round trip was
-- in flight go to the log together, in this one statement's transaction, so they share one commit and one WAL flush.
-- Each append keeps its own stream and expected version: append i is p_counts[i] consecutive events of the per-event
-- arrays, for p_streams[i] at version p_expected[i]. The caller has chained the hashes across the whole batch from the
-- tail it saw, so the batch is all or nothing: when any expected version is wrong, nothing is inserted and IF001 names
-- every append that conflicts (DETAIL: `index:actual` pairs, 1-based, comma-separated); the caller fails those alone,
-- re-chains the rest and calls again. An append is checked against the stream as the appends before it in the batch
-- leave it (two appends to one stream in a batch: the second expects the version after the first). IF002: another
-- process appended meanwhile (DETAIL: the tail position). Owned by the migration role and SECURITY DEFINER as
-- append_events is (0005): the API's role may call it (grantApiRole), not write `events` itself.
CREATE FUNCTION append_events_batch(
  p_streams text[],
  p_expected integer[],
  p_counts integer[],
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
  v_appends integer := cardinality(p_streams);
  v_count integer := cardinality(p_types);
  v_current integer;
  v_tail bigint;
  v_conflicts text[] := '{}';
  v_conflicting boolean[] := '{}';
  v_event_streams text[] := '{}';
  v_versions integer[] := '{}';
BEGIN
  IF v_appends IS NULL OR v_appends = 0 OR cardinality(p_expected) <> v_appends OR cardinality(p_counts) <> v_appends
     OR (SELECT sum(c) FROM unnest(p_counts) AS c) <> v_count OR EXISTS (SELECT 1 FROM unnest(p_counts) AS c WHERE c IS NULL OR c < 1)
     OR cardinality(p_event_ids) <> v_count OR cardinality(p_data) <> v_count OR cardinality(p_metadata) <> v_count
     OR cardinality(p_hashes) <> v_count THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'append_events_batch: the arrays do not describe the same appends';
  END IF;
  PERFORM pg_advisory_xact_lock(7262002);
  FOR i IN 1..v_appends LOOP
    SELECT coalesce(max(stream_version), 0) INTO v_current FROM events WHERE stream_id = p_streams[i];
    -- The earlier appends of this batch to the same stream that do not conflict.
    FOR j IN 1..i - 1 LOOP
      IF p_streams[j] = p_streams[i] AND NOT v_conflicting[j] THEN
        v_current := v_current + p_counts[j];
      END IF;
    END LOOP;
    v_conflicting[i] := v_current <> p_expected[i];
    IF v_conflicting[i] THEN
      v_conflicts := v_conflicts || (i::text || ':' || v_current::text);
    END IF;
    FOR k IN 1..p_counts[i] LOOP
      v_event_streams := v_event_streams || p_streams[i];
      v_versions := v_versions || (p_expected[i] + k);
    END LOOP;
  END LOOP;
  IF cardinality(v_conflicts) > 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'IF001', MESSAGE = 'wrong expected version', DETAIL = array_to_string(v_conflicts, ',');
  END IF;
  SELECT coalesce(max(position), 0) INTO v_tail FROM events;
  IF v_tail <> p_previous_position THEN
    RAISE EXCEPTION USING ERRCODE = 'IF002', MESSAGE = 'the log tail moved', DETAIL = v_tail::text;
  END IF;
  INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
  SELECT p_previous_position + i, v_event_streams[i], v_versions[i], p_event_ids[i], p_types[i], p_data[i], p_metadata[i],
         p_recorded_at, p_hashes[i]
    FROM generate_subscripts(p_types, 1) AS i;
  IF p_notify THEN
    PERFORM pg_notify('ifu_events', (p_previous_position + v_count)::text);
  END IF;
  RETURN p_previous_position + v_count;
END;
$$;

ALTER FUNCTION append_events_batch(text[], integer[], integer[], bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean) SECURITY DEFINER;
ALTER FUNCTION append_events_batch(text[], integer[], integer[], bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean) SET search_path FROM CURRENT;
REVOKE ALL ON FUNCTION append_events_batch(text[], integer[], integer[], bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean) FROM PUBLIC;

-- The API's database role may read `events` and call this function, nothing more: the function
-- runs with the rights of its owner, the role that ran the migrations, with its search path pinned so that no caller
-- can redirect the tables it touches. Granting EXECUTE to the API's role is `grantApiRole` (src/database/roles.ts).
ALTER FUNCTION append_events(text, integer, bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean) SECURITY DEFINER;
ALTER FUNCTION append_events(text, integer, bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean) SET search_path FROM CURRENT;
REVOKE ALL ON FUNCTION append_events(text, integer, bigint, uuid[], text[], jsonb[], jsonb[], timestamptz, text[], boolean) FROM PUBLIC;

-- A snapshot stands in for the events it folds, and the API's role can write this table: each row carries a keyed
-- seal of its stream, key, version and state. A row without a seal, or whose seal does not hold,
-- is ignored and the stream folded from its events instead.
ALTER TABLE stream_snapshots ADD COLUMN seal text;

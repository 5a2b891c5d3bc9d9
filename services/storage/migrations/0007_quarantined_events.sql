-- Events an operator set aside after their link in the hash chain failed to verify (docs/security.md, "When /health
-- reports a broken link"). Written only by `npm run audit:quarantine` as the schema owner: the API's role may read
-- this table, not write it (grantApiRole), and each row carries an HMAC under the audit key over every column, so a
-- row the key did not sign is no quarantine. Readers skip a quarantined event and continue the chain from its hash.
CREATE TABLE quarantined_events (
  position       bigint PRIMARY KEY,
  stream_id      text   NOT NULL,
  type           text   NOT NULL,
  -- The stored hash of the event set aside: the quarantine holds for that row only.
  hash           text   NOT NULL,
  reason         text   NOT NULL,
  -- ISO 8601 UTC as signed (text, so that the signed form is the stored one).
  quarantined_at text   NOT NULL,
  mac            text   NOT NULL
);

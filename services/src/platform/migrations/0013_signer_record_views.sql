-- The version of a record each staff user last opened (a change order's view, a customer, the Manage User list), so
-- that a signed decision sent without If-Match (the spec's own payload) is bound to the record as its signer reviewed
-- it (21 CFR 11.70). Latest per user and record, not an event per view; each row sealed under a key derived from the
-- audit key, so a row written outside the product binds nothing.
CREATE TABLE signer_record_views (
  user_id text NOT NULL,
  stream_id text NOT NULL,
  version integer NOT NULL,
  viewed_at timestamptz NOT NULL,
  seal text NOT NULL,
  PRIMARY KEY (user_id, stream_id)
);

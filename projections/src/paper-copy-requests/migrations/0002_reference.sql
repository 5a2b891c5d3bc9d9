-- The short reference a requester reads out on the phone (8 characters of an alphabet without look-alikes); null for
-- requests recorded before it existed. Indexed: a new reference is checked against the stored ones.
ALTER TABLE paper_copy_requests ADD COLUMN reference text;
CREATE INDEX paper_copy_requests_reference ON paper_copy_requests (reference);

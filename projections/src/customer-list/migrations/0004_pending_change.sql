-- A change to an approved customer waits for its approver's signature: the row's columns stay the approved
-- values (what the public portal, search and eIFU read); the change waiting is kept beside them, and the last rejected
-- change with its reason.
ALTER TABLE customer_list ADD COLUMN pending_change jsonb;
ALTER TABLE customer_list ADD COLUMN change_rejection jsonb;

-- Pending Online/Offline changes: an ADMIN's switch of an approved change order waits for the approver's
-- signature; `is_internal` keeps the approved value, `pending_accessibility` the request as
-- {"isInternal", "requestedBy", "reason"}; null when nothing is pending.
ALTER TABLE change_orders ADD COLUMN pending_accessibility jsonb;

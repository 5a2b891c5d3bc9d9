-- A change of email or name waiting for the user to accept or confirm it: Manage User shows it
-- beside the current values, which stay in force until then.
ALTER TABLE user_accounts ADD COLUMN pending_identity_change jsonb;

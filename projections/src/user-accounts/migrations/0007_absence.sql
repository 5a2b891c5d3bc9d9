-- The absence a user declared and did not end (AbsenceDeclared, until AbsenceEnded): its first and last day
-- (`YYYY-MM-DD`, UTC, both included) and the delegate's user id; null when none is declared.
ALTER TABLE user_accounts ADD COLUMN absence_from text;
ALTER TABLE user_accounts ADD COLUMN absence_until text;
ALTER TABLE user_accounts ADD COLUMN absence_delegate_id text;

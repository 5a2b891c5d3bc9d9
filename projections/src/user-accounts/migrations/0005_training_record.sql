-- Training before signing: when the user's training, as it stands, was recorded and the printed name of
-- the ADMIN who recorded it. Rows of users added before this are filled by a rebuild of the read model
-- (npm run projections -- --rebuild user-accounts); until then they show the training without who and when.
ALTER TABLE user_accounts ADD COLUMN training_recorded_at timestamptz;
ALTER TABLE user_accounts ADD COLUMN training_recorded_by text;

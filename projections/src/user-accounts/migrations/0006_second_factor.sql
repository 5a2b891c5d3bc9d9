-- Whether the user has an enrolled second factor (Manage User shows it; the secret is never here).
ALTER TABLE user_accounts ADD COLUMN second_factor_enrolled boolean NOT NULL DEFAULT false;

-- How the mails about the user's tasks reach them (MailPreferenceChosen): one each, or a daily digest.
ALTER TABLE user_accounts ADD COLUMN task_mail text NOT NULL DEFAULT 'each';

-- The task-mail reactor (services/src/task-mail/). Its checkpoint is a row of projection_checkpoints ('task-mail').

-- Where it starts mailing: events at or before `mail_from` are folded into task_mail_records but bring no mail.
-- Written at the API's first start with this table (the log's end then), so that an installation upgraded, or
-- restored from a backup, does not mail its whole past.
CREATE TABLE task_mail_reactor (
  id         smallint    PRIMARY KEY CHECK (id = 1),
  mail_from  bigint      NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Each change order and customer as the reactor folds it: its name, author, approver, and since when it waits.
CREATE TABLE task_mail_records (
  stream_id      text        PRIMARY KEY,
  stream_version integer     NOT NULL,
  record         jsonb       NOT NULL,
  waiting_since  timestamptz
);
CREATE INDEX task_mail_records_waiting ON task_mail_records (waiting_since) WHERE waiting_since IS NOT NULL;

-- Every mail decided, keyed by the event (or the reminder's wait and number, or the digest's day) and its recipient,
-- written in the transaction that moves the reactor's checkpoint. status: pending (to send), held (for the
-- recipient's daily digest), in-digest (listed in digest_key's mail), sent (the SMTP server accepted it), skipped
-- (the recipient was not an active account, or not an ADMIN for an approver's mail, when it was to go), failed (the
-- mail server refused it too many times).
CREATE TABLE task_mail_deliveries (
  key          text        PRIMARY KEY,
  recipient_id text        NOT NULL,
  kind         text        NOT NULL,
  audience     text        NOT NULL,
  subject      text        NOT NULL,
  body         text        NOT NULL,
  link         text        NOT NULL,
  status       text        NOT NULL DEFAULT 'pending',
  digest_key   text,
  attempts     integer     NOT NULL DEFAULT 0,
  note         text,
  created_at   timestamptz NOT NULL,
  sent_at      timestamptz
);
CREATE INDEX task_mail_deliveries_open ON task_mail_deliveries (status, created_at) WHERE status IN ('pending', 'held');
CREATE INDEX task_mail_deliveries_recipient ON task_mail_deliveries (recipient_id, created_at);

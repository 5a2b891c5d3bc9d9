-- Second factors. The TOTP secret, encrypted (AES-256-GCM under a key derived from AUDIT_KEY, which is
-- not in the database), and the recovery codes as keyed hashes (HMAC under another key derived from it). The event
-- log records only that an enrolment started or was confirmed, with a seal of this row: never the secret or a code.
CREATE TABLE second_factor_secrets (
  user_id         text        NOT NULL,
  enrolment_id    text        NOT NULL,
  secret_box      text        NOT NULL,
  -- Set when the enrolment is confirmed (the codes are made then and shown once): their hashes, space-separated, in order.
  recovery_hashes text,
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, enrolment_id)
);

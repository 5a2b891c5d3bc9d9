-- Crypto-shredding of public visitors (architecture §6): each visitor's email is stored in events only
-- encrypted under that visitor's own key, kept here, outside the immutable log. Deleting the row (npm run
-- visitor:forget) makes every event about them unreadable while the hash chain still verifies.
CREATE TABLE visitor_keys (
  visitor_id    text        PRIMARY KEY,
  -- HMAC of the lower-cased address under a key derived from LINK_SECRET: finds a returning visitor's key without
  -- storing the address; gone with the row.
  email_digest  text        NOT NULL UNIQUE,
  key           bytea       NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

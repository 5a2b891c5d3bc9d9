-- The hourly budget of the mails anonymous requests cause, counted here so that every API
-- instance spends the same budget: one row per kind, its hour and the mails taken in it.
CREATE TABLE anonymous_mail_budget (
  kind text PRIMARY KEY,
  hour_start timestamptz NOT NULL,
  used integer NOT NULL CHECK (used >= 0)
);

-- Read model of notices: Manage Notification and the public customer pages (spec §2.5, §3 Notification).
-- A deleted notice keeps its row (deleted = true): the projection only ever moves forward, the log says why.
CREATE TABLE notifications (
  id                 text        PRIMARY KEY,
  notification_id    integer     NOT NULL UNIQUE,
  notification_text  text        NOT NULL,
  customer_id        text,
  product_id         text,
  deleted            boolean     NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL,
  stream_version     integer     NOT NULL
);
CREATE INDEX notifications_scope ON notifications (customer_id, product_id) WHERE NOT deleted;

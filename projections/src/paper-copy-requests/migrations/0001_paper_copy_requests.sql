-- Read model of paper-copy requests: the staff screen of open requests by urgency, and the daily overdue
-- reminder. The requester's name, address and email stay sealed under their visitor key, as the events hold them:
-- the API opens them for staff, and forgetting the visitor (npm run visitor:forget) erases them here too.
CREATE TABLE paper_copy_requests (
  id                  text        PRIMARY KEY,
  request_id          text        NOT NULL UNIQUE,
  visitor_id          text        NOT NULL,
  sealed_name         text        NOT NULL,
  sealed_address      text        NOT NULL,
  sealed_email        text        NOT NULL,
  child_document_id   text        NOT NULL,
  document_number     text        NOT NULL,
  document_version    integer     NOT NULL,
  doc_name            text        NOT NULL,
  quantity            integer     NOT NULL,
  requested_on        date        NOT NULL,
  due_date            date        NOT NULL,
  requested_at        timestamptz NOT NULL,
  status              text        NOT NULL,
  dispatched_at       timestamptz,
  dispatched_by       text,
  dispatched_by_name  text,
  stream_version      integer     NOT NULL
);
-- The open requests by urgency: the screen's default list and the overdue reminder.
CREATE INDEX paper_copy_requests_open ON paper_copy_requests (due_date, requested_at) WHERE status = 'OPEN';

-- A paper copy names its document by number: it is found through document-search's index on the number
-- (document_search_document_number, migration 0007 of document-search).

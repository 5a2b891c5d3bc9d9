-- PDF text is extracted by a queue after the upload's answer, not during it. The queue is this
-- table, so an API that stops (or dies) loses none of it: each PDF waiting for its text has a row until its
-- document_file_text row is written. A claim (claimed_until) keeps two API processes from extracting one file at once;
-- a claim left by a process that died runs out and the file is taken again (at most a few attempts).
CREATE TABLE document_text_queue (
  sha256         text        PRIMARY KEY,
  -- The staged copy, read while the file is not committed yet (the add wizard's uploads).
  staged_id      text,
  enqueued_at    timestamptz NOT NULL,
  attempts       integer     NOT NULL DEFAULT 0,
  claimed_until  timestamptz
);
CREATE INDEX document_text_queue_order ON document_text_queue (enqueued_at);

-- Why a PDF's text stops before its end: 'text-limit', 'page-limit', 'time-limit' or 'memory-limit' (the text kept
-- is what was extracted before); NULL when it is whole.
ALTER TABLE document_file_text ADD COLUMN truncated text;

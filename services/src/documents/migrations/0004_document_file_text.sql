-- The text of each uploaded PDF, by its content address, extracted at upload for the document searches. Derived from
-- the stored file (it can be extracted again), so it lives beside the log, not in it.
CREATE TABLE document_file_text (
  sha256        text        PRIMARY KEY,
  pages         integer     NOT NULL,
  text          text        NOT NULL,
  -- Why no text could be extracted (a scanned or damaged PDF is still accepted).
  failure       text,
  extracted_at  timestamptz NOT NULL
);

-- Open-access downloads are anonymous: counted here per document, hour and kind (how the reader came, their country,
-- their language), one upsert per download, and summarised into the log once the hour is over (one
-- OpenAccessDownloadsCounted per document and hour; eifu/open-downloads.ts), so that requests cannot grow the log.
-- `summarised` is how many of `downloads` the log holds: a row with more is still to summarise.
CREATE TABLE open_download_counts (
  period_start      timestamptz NOT NULL,
  child_document_id text        NOT NULL,
  -- 'via', 'country' or 'language'; value '' when the reader's country or language was not known.
  dimension         text        NOT NULL CHECK (dimension IN ('via', 'country', 'language')),
  value             text        NOT NULL,
  document_number   text        NOT NULL,
  parent_change_id  text        NOT NULL,
  customer_id       text        NOT NULL,
  version           integer     NOT NULL,
  sha256            text        NOT NULL,
  downloads         integer     NOT NULL CHECK (downloads > 0),
  summarised        integer     NOT NULL DEFAULT 0 CHECK (summarised >= 0 AND summarised <= downloads),
  PRIMARY KEY (period_start, child_document_id, dimension, value)
);

-- What the summary job looks for: rows the log does not hold yet, oldest hour first.
CREATE INDEX open_download_counts_pending ON open_download_counts (period_start, child_document_id) WHERE summarised < downloads;

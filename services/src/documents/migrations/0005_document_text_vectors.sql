-- The full-text vector of each PDF's text in each search configuration its documents use (see indexDocumentTexts):
-- derived from document_file_text once, so that rebuilding the search read model does not parse every PDF again.
CREATE TABLE document_text_vectors (
  sha256  text     NOT NULL,
  config  text     NOT NULL,
  vector  tsvector NOT NULL,
  PRIMARY KEY (sha256, config)
);

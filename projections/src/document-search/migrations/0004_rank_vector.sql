-- Ranking reads a small vector (numbers, names, keywords, descriptions: a few dozen words, stored in the row) instead
-- of the whole one with the PDF's text (hundreds of words, compressed out of line): ranking a thousand candidates
-- does not unpack a thousand large vectors. A word found only in the PDF's text still matches; it ranks after the
-- documents whose own fields hold it.
ALTER TABLE document_search ADD COLUMN rank_vector tsvector NOT NULL DEFAULT ''::tsvector;

DROP FUNCTION document_search_vector(text[], text, text, text);

-- A: numbers, names, keywords, file name (not stemmed); B: the descriptions, in each of the document's languages.
CREATE FUNCTION document_search_head(configs text[], title text, body text) RETURNS tsvector
LANGUAGE plpgsql STABLE AS $$
DECLARE
  vector tsvector := setweight(to_tsvector('ifu_simple', coalesce(title, '')), 'A');
  cfg text;
BEGIN
  FOREACH cfg IN ARRAY configs LOOP
    vector := vector || setweight(to_tsvector(cfg::regconfig, coalesce(body, '')), 'B');
  END LOOP;
  RETURN vector;
END $$;

-- D: the PDF's text in each of the document's languages, as the command side kept it (document_text_vectors), or
-- computed here when it did not: the same vector either way.
CREATE FUNCTION document_search_file(configs text[], file_sha256 text) RETURNS tsvector
LANGUAGE plpgsql STABLE AS $$
DECLARE
  vector tsvector := ''::tsvector;
  file_vector tsvector;
  cfg text;
BEGIN
  FOREACH cfg IN ARRAY configs LOOP
    SELECT v.vector INTO file_vector FROM document_text_vectors v WHERE v.sha256 = file_sha256 AND v.config = cfg;
    IF NOT FOUND THEN
      SELECT to_tsvector(cfg::regconfig, left(t.text, 200000)) INTO file_vector FROM document_file_text t WHERE t.sha256 = file_sha256;
    END IF;
    vector := vector || setweight(coalesce(file_vector, ''::tsvector), 'D');
  END LOOP;
  RETURN vector;
END $$;

-- The PDF text's vector comes from document_text_vectors when the command side kept it (it parses each file once),
-- and is computed here otherwise: the same vector either way.
DROP FUNCTION document_search_vector(text[], text, text, text);
CREATE FUNCTION document_search_vector(configs text[], title text, body text, file_sha256 text) RETURNS tsvector
LANGUAGE plpgsql STABLE AS $$
DECLARE
  vector tsvector := setweight(to_tsvector('ifu_simple', coalesce(title, '')), 'A');
  cfg text;
  file_vector tsvector;
BEGIN
  FOREACH cfg IN ARRAY configs LOOP
    SELECT v.vector INTO file_vector FROM document_text_vectors v WHERE v.sha256 = file_sha256 AND v.config = cfg;
    IF NOT FOUND THEN
      SELECT to_tsvector(cfg::regconfig, left(t.text, 200000)) INTO file_vector FROM document_file_text t WHERE t.sha256 = file_sha256;
    END IF;
    vector := vector
      || setweight(to_tsvector(cfg::regconfig, coalesce(body, '')), 'B')
      || setweight(coalesce(file_vector, ''::tsvector), 'D');
  END LOOP;
  RETURN vector;
END $$;

-- The full vector (with the PDF's text) is kept compressed out of line; lz4 unpacks several times faster than the
-- default pglz, and a search that checks the newest matches of a frequent word unpacks one per row it reads. Rows take
-- it when next written (a rebuild writes them all). Only where the server was built with lz4 (the embedded PGlite is
-- not): there the vectors stay as they were, with the same results.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
    ALTER TABLE document_search ALTER COLUMN search SET COMPRESSION lz4;
  END IF;
END $$;

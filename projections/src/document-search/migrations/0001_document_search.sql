-- The internal search (spec §2.8) and the versions of child documents (issue: Documents II). One row per child
-- document, with its change order's fields copied in, a weighted full-text vector and the numbers for partial
-- matches. The change orders' own fields are kept in document_search_parents so that a child added in a later batch
-- still finds them.

-- pg_trgm and unaccent live in their own schema: every test file and bench run migrates into its own schema with a
-- search_path of only that schema, and an extension belongs to the whole database. The lock keeps two migrations
-- running at once from both creating it.
SELECT pg_advisory_xact_lock(hashtext('ifu extensions'));
CREATE SCHEMA IF NOT EXISTS ifu_ext;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA ifu_ext;
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA ifu_ext;

-- One text search configuration per stemming language PostgreSQL 15 ships, each with unaccent before the stemmer, so
-- that 'stérilisation' and 'sterilisation' are the same word while snippets keep the accents of the original text.
-- ifu_simple (no stemming) holds numbers, names and keywords.
DO $$
DECLARE
  lang text;
  ext  text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent');
BEGIN
  FOREACH lang IN ARRAY ARRAY['simple', 'arabic', 'danish', 'dutch', 'english', 'finnish', 'french', 'german', 'greek',
      'hungarian', 'indonesian', 'irish', 'italian', 'lithuanian', 'nepali', 'norwegian', 'portuguese', 'romanian',
      'russian', 'serbian', 'spanish', 'swedish', 'tamil', 'turkish'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'ifu_' || lang AND cfgnamespace = current_schema()::regnamespace) THEN
      EXECUTE format('CREATE TEXT SEARCH CONFIGURATION ifu_%s (COPY = pg_catalog.%s)', lang, lang);
      EXECUTE format('ALTER TEXT SEARCH CONFIGURATION ifu_%s ALTER MAPPING FOR hword, hword_part, word WITH %s.unaccent, %s',
        lang, ext, CASE WHEN lang = 'simple' THEN 'simple' ELSE lang || '_stem' END);
    END IF;
  END LOOP;
END $$;

CREATE TABLE document_search_parents (
  id                          text        PRIMARY KEY,
  document_id                 text        NOT NULL,
  status                      text        NOT NULL,
  active                      boolean     NOT NULL,
  customer_id                 text        NOT NULL,
  product_family_name         text        NOT NULL,
  product_family_description  text        NOT NULL,
  is_internal                 boolean     NOT NULL,
  effective_date              date        NOT NULL,
  -- The log position of the approval: a later approval supersedes an earlier one, never the reverse.
  approved_position           bigint,
  stream_version              integer     NOT NULL
);

CREATE TABLE document_search (
  id                           text     PRIMARY KEY,
  parent_change_id             text     NOT NULL,
  document_id                  text     NOT NULL,
  document_number              text     NOT NULL,
  customer_id                  text     NOT NULL,
  product_family_name          text     NOT NULL,
  -- Same family however it is capitalised or spaced: part of what makes two documents versions of one another.
  family_key                   text     NOT NULL,
  associated_reference_number  text     NOT NULL,
  product_sub_family_name_one  text     NOT NULL,
  product_sub_family_name_two  text     NOT NULL,
  bill_material_information    text     NOT NULL,
  keywords                     text     NOT NULL,
  change_description           text     NOT NULL,
  change_justification         text     NOT NULL,
  country_list                 text     NOT NULL,
  language_list                text     NOT NULL,
  status                       text     NOT NULL,
  -- The child and its change order are both active.
  listed                       boolean  NOT NULL,
  is_internal                  boolean  NOT NULL,
  effective_date               date     NOT NULL,
  approved_position            bigint,
  -- Set when a later approved version supersedes this one: from the new version's effective date.
  obsolete_date                date,
  superseded_by                text,
  file_id                      text     NOT NULL,
  sha256                       text     NOT NULL,
  doc_name                     text     NOT NULL,
  -- The text search configurations of the document's languages (ifu_simple when none has a stemmer).
  configs                      text[]   NOT NULL,
  -- Document, change order, reference and part numbers, lower case: the trigram index finds fragments ('lot-a', '00042').
  numbers                      text     NOT NULL,
  search                       tsvector NOT NULL,
  stream_version               integer  NOT NULL
);

CREATE INDEX document_search_search ON document_search USING gin (search);
CREATE INDEX document_search_parent ON document_search (parent_change_id);
CREATE INDEX document_search_newest ON document_search (effective_date DESC, id) WHERE listed;
-- The versions of a document: same customer, family, reference and part number.
CREATE INDEX document_search_versions ON document_search (customer_id, family_key, lower(associated_reference_number), lower(product_sub_family_name_one))
  WHERE listed AND status = 'APPROVED';
CREATE INDEX document_search_superseded_by ON document_search (superseded_by) WHERE superseded_by IS NOT NULL;

DO $$
DECLARE
  ext text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX document_search_numbers ON document_search USING gin (numbers %s.gin_trgm_ops)', ext);
END $$;

-- The text search configurations documents use: the query is built over these only.
CREATE TABLE document_search_configs (
  config text PRIMARY KEY
);

-- The weighted vector of one child: A numbers, names and keywords (no stemming); B its descriptions and D the text of
-- its PDF, in each of its languages. The PDF text is capped (a tsvector holds at most 1 MB).
CREATE FUNCTION document_search_vector(configs text[], title text, body text, file_text text) RETURNS tsvector
LANGUAGE plpgsql STABLE AS $$
DECLARE
  vector tsvector := setweight(to_tsvector('ifu_simple', coalesce(title, '')), 'A');
  config text;
BEGIN
  FOREACH config IN ARRAY configs LOOP
    vector := vector
      || setweight(to_tsvector(config::regconfig, coalesce(body, '')), 'B')
      || setweight(to_tsvector(config::regconfig, left(coalesce(file_text, ''), 200000)), 'D');
  END LOOP;
  RETURN vector;
END $$;

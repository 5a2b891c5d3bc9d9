-- Candidates by relevance: a search takes the documents whose own fields (numbers, names, keywords,
-- descriptions: rank_vector) hold the words first, through their own small index, then the documents whose PDF text
-- alone holds them, newest first. Both indexes lead with the customer (btree_gin): the Customer Name filter and the
-- public search's customer are answered inside the index with the words, not by reading every match of a word and
-- filtering most of them away. A query on the words alone still uses either index.
SELECT pg_advisory_xact_lock(hashtext('ifu extensions'));
CREATE SCHEMA IF NOT EXISTS ifu_ext;
CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA ifu_ext;

DROP INDEX IF EXISTS document_search_search;
CREATE INDEX document_search_search ON document_search USING gin (customer_id, search);
CREATE INDEX document_search_own_fields ON document_search USING gin (customer_id, rank_vector);

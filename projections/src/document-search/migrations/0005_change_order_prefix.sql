-- A change order number typed from its start ('CO-2026-0004') is found through this btree (LIKE 'co-2026-0004%'),
-- not through the trigram index, whose trigrams of 'co-2026-' are in every row.
CREATE INDEX document_search_change_order ON document_search (lower(document_id) text_pattern_ops);

-- Successors are read by their primary key; an index on superseded_by only made each supersession rewrite the row's
-- entries in every index (no HOT update), the full-text index's hundreds of words included.
DROP INDEX document_search_superseded_by;

-- A family's change orders newest approval first, among the children a visitor may ever see (the rest of
-- PUBLIC_CHILD, the dates, is checked on the way): the public family of a search link and a customer page's family
-- list stop at the first public child instead of sorting every child of the family (bench: public, 8 to 12 ms a search
-- at 100,000 children, growing with the family).
CREATE INDEX document_search_public_family ON document_search (customer_id, family_key, approved_position DESC, parent_change_id)
  WHERE listed AND status = 'APPROVED' AND NOT is_internal;

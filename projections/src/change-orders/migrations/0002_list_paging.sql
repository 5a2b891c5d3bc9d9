-- The documents list stays fast with 100,000 change orders (bench: documents list): each row keeps its count of
-- active children, a page is chosen by an index on its sort column before any wide row is read, and the two tabs'
-- totals are kept by the projection instead of being counted on every request.
ALTER TABLE change_orders ADD COLUMN child_count integer NOT NULL DEFAULT 0;
UPDATE change_orders
   SET child_count = (SELECT count(*) FROM jsonb_array_elements(children) AS ch WHERE (ch->>'active')::boolean);

CREATE TABLE change_order_totals (
  id       integer PRIMARY KEY,
  listed   integer NOT NULL,
  pending  integer NOT NULL
);
INSERT INTO change_order_totals (id, listed, pending)
SELECT 1, count(*) FILTER (WHERE active), count(*) FILTER (WHERE active AND status = 'REQUIRE_APPROVAL') FROM change_orders;

CREATE INDEX change_orders_by_document_id ON change_orders (document_id, id) WHERE active;
CREATE INDEX change_orders_by_effective_date ON change_orders (effective_date, id) WHERE active;
CREATE INDEX change_orders_by_change_type ON change_orders (change_type, id) WHERE active;
CREATE INDEX change_orders_by_is_internal ON change_orders (is_internal, id) WHERE active;
CREATE INDEX change_orders_by_status ON change_orders (status, id) WHERE active;

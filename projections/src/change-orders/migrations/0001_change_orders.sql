-- Read model of change orders (parent documents) with their child documents: the documents list, the view and edit
-- screens (spec §2.7, §2.10-§2.12, §3). One row per change order; children, files and signatures as JSON.
CREATE TABLE change_orders (
  id                          text        PRIMARY KEY,
  document_id                 text        NOT NULL,
  approval_routing_number     text        NOT NULL,
  status                      text        NOT NULL,
  active                      boolean     NOT NULL,
  product_family_name         text        NOT NULL,
  product_family_description  text        NOT NULL,
  change_description          text        NOT NULL,
  change_justification        text        NOT NULL,
  change_type                 text        NOT NULL,
  customer_id                 text        NOT NULL,
  approver_id                 text        NOT NULL,
  is_internal                 boolean     NOT NULL,
  effective_date              date        NOT NULL,
  approved_date               timestamptz,
  comments                    text        NOT NULL,
  reason                      text,
  logo                        jsonb       NOT NULL,
  files                       jsonb       NOT NULL,
  children                    jsonb       NOT NULL,
  child_ids                   text[]      NOT NULL,
  signatures                  jsonb       NOT NULL,
  created_by                  text        NOT NULL,
  last_edited_by              text        NOT NULL,
  created_at                  timestamptz NOT NULL,
  stream_version              integer     NOT NULL
);
CREATE UNIQUE INDEX change_orders_document_id ON change_orders (document_id);
-- The list's tabs: every active change order, or the pending ones, newest first, paged.
CREATE INDEX change_orders_listed ON change_orders (active, created_at DESC, id DESC);
CREATE INDEX change_orders_pending ON change_orders (created_at DESC, id DESC) WHERE active AND status = 'REQUIRE_APPROVAL';
CREATE INDEX change_orders_child_ids ON change_orders USING gin (child_ids);

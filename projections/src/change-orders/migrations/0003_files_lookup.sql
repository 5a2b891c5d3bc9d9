-- A supporting file is downloaded by its id alone (GET /document/getDocumentDownload/:id): find its change order.
CREATE INDEX change_orders_files ON change_orders USING gin (files jsonb_path_ops);

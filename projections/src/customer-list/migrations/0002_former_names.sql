-- Names a customer had before a rename: its old public URL still finds it.
ALTER TABLE customer_list ADD COLUMN former_names text[] NOT NULL DEFAULT '{}';
CREATE INDEX customer_list_former_names ON customer_list USING gin (former_names);

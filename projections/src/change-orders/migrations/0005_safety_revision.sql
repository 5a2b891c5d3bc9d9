-- A safety revision: its readers of the versions it supersedes are mailed when it takes effect. false for
-- every change order recorded before it. The safety notices' job finds the approved ones through the partial index.
ALTER TABLE change_orders ADD COLUMN safety_revision boolean NOT NULL DEFAULT false;
CREATE INDEX change_orders_safety_revisions ON change_orders (effective_date) WHERE safety_revision AND status = 'APPROVED' AND active;

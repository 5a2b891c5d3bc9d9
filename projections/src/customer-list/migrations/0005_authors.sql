-- Who created the customer and who edited it last, as the decider folds them: a customer view's `canDecide` applies the
-- approver policy (neither creator nor last editor decides) with the same facts the decision will, so an approver who
-- edited the customer last is not offered a decision the server refuses. Rebuilt from the log like every column.
ALTER TABLE customer_list ADD COLUMN created_by text;
ALTER TABLE customer_list ADD COLUMN last_edited_by text;

-- The absent approver whose delegate is the customer's approver (the event that chose the approver named them);
-- null when the approver chosen took it. A pending change keeps its own in `pending_change` (`delegatedFrom`).
ALTER TABLE customer_list ADD COLUMN delegated_from text;

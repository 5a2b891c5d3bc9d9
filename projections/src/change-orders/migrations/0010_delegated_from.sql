-- The absent approver whose delegate is the change order's approver (the event that chose the approver named them);
-- null when the approver chosen took it.
ALTER TABLE change_orders ADD COLUMN delegated_from text;

-- Revise and resubmit: a change order made from a rejected one names it (`revises`), and the rejected one
-- names its revision (`revised_by`), each as {"parentChangeId", "documentId"}; null for every other change order.
ALTER TABLE change_orders ADD COLUMN revises jsonb;
ALTER TABLE change_orders ADD COLUMN revised_by jsonb;

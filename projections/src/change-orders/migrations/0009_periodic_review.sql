-- Periodic review of approved change orders: `review_date` is the day the next review is due (null while
-- not approved, and after a review concluded 'revise'); `last_review` the last signed review as
-- {"completedAt", "outcome", "signedBy"}; `revision_after_review` whether that review opened revise-and-resubmit.
-- Whether a review is overdue depends on today: the queries compare `review_date` with the day they are given.
ALTER TABLE change_orders ADD COLUMN review_date date;
ALTER TABLE change_orders ADD COLUMN last_review jsonb;
ALTER TABLE change_orders ADD COLUMN revision_after_review boolean NOT NULL DEFAULT false;
-- Approvals recorded before periodic reviews are due 12 months after the approval day (UTC), as a replay derives them.
UPDATE change_orders SET review_date = ((approved_date AT TIME ZONE 'UTC')::date + interval '12 months')::date
 WHERE status = 'APPROVED' AND approved_date IS NOT NULL;
-- The overdue filter and the reminders' job read approved active rows by their review date.
CREATE INDEX change_orders_review_date ON change_orders (review_date) WHERE active AND status = 'APPROVED';

-- Who may read the customer's documents without an emailed link, as the approved customer record chooses it:
-- 'emailed-link' (the spec's behaviour), 'scanned-document' (a scanned label's document opens, search needs the link),
-- 'open' (open access). The ADMIN's unsigned switch stays in `open_access`; either one opens everything.
ALTER TABLE customer_list ADD COLUMN visitor_access text NOT NULL DEFAULT 'emailed-link';

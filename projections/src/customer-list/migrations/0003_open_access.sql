-- Open access (eIFU): visitors of this customer may search and download without an emailed link. Off
-- unless an ADMIN turns it on (the spec's behaviour).
ALTER TABLE customer_list ADD COLUMN open_access boolean NOT NULL DEFAULT false;

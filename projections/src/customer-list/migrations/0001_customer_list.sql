-- Read model of customers: Manage Customer, the customer form, approver checks, public module2 lists (spec §2.4, §3).
CREATE TABLE customer_list (
  id                      text        PRIMARY KEY,
  customer_name           text        NOT NULL,
  contact_email           text        NOT NULL,
  contact_information     text        NOT NULL,
  country_exclusion_list  text        NOT NULL,
  customer_website_link   text        NOT NULL,
  approver_id             text        NOT NULL,
  logo_sha256             text,
  logo_content_type       text,
  status                  text        NOT NULL,
  approved_date           timestamptz,
  decision_signature      jsonb,
  decision_reason         text,
  created_at              timestamptz NOT NULL,
  stream_version          integer     NOT NULL
);
CREATE INDEX customer_list_name ON customer_list (lower(customer_name));
CREATE INDEX customer_list_status ON customer_list (status);

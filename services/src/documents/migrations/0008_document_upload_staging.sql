-- The add wizard's uploads kept staged and not yet submitted, per user, for the staging quota
-- (UPLOAD_STAGING_QUOTA_BYTES). A row is written when an upload is recorded and removed when a change order takes
-- it; rows older than 24 hours no longer count (their files are swept) and are removed with them.
CREATE TABLE document_upload_staging (
  upload_id    text        PRIMARY KEY,
  uploaded_by  text        NOT NULL,
  bytes        bigint      NOT NULL,
  uploaded_at  timestamptz NOT NULL
);
CREATE INDEX document_upload_staging_user ON document_upload_staging (uploaded_by, uploaded_at);

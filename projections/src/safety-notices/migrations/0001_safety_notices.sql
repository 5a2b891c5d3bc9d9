-- Safety revisions reach past readers. Two tables of one read model:
-- public_downloads: each visitor's download through an emailed link (PublicDocumentDownloaded), keyed by its position
--   in the log; the address stays sealed under the visitor's key, as the event holds it (forgetting the visitor
--   erases it here too). The safety-notice job finds the readers of a superseded version by the child's id.
-- safety_notices: per safety revision and visitor, the latest notice recorded (SafetyNoticeSent) and whether the
--   mailer took it; a later download of one of its new versions (a greater position) counts as opened.
CREATE TABLE public_downloads (
  position           bigint PRIMARY KEY,
  visitor_id         text   NOT NULL,
  child_document_id  text   NOT NULL,
  sealed_email       text   NOT NULL
);
CREATE INDEX public_downloads_child ON public_downloads (child_document_id, visitor_id);

CREATE TABLE safety_notices (
  parent_change_id   text    NOT NULL,
  visitor_id         text    NOT NULL,
  position           bigint  NOT NULL,
  delivered          boolean NOT NULL,
  child_document_ids text[]  NOT NULL,
  PRIMARY KEY (parent_change_id, visitor_id)
);

/**
 * Safety revisions reach past readers: when an approved change order marked a safety revision supersedes
 * documents, each visitor who downloaded one of them through an emailed link is mailed once, when the new version
 * takes effect. One stream per safety revision, `safety-notices-<parentChangeId>`; each notice names the visitor by
 * their random id only: their email is opened from the download's seal under their key at sending time and never
 * enters this stream.
 */
export interface SafetyNoticeDocument {
  /** The version the visitor downloaded, now superseded. */
  supersededChildId: string;
  supersededDocumentNumber: string;
  /** The new version the mail links (its permalink `/p/{documentNumber}`). */
  childDocumentId: string;
  documentNumber: string;
  productFamilyName: string;
  /** Part Number. */
  partNumber: string;
}

export type SafetyNoticeEvent =
  | {
      type: 'SafetyNoticeSent';
      /** Recorded before the mail is handed to the mailer, so that two runs never both send it. */
      data: { parentChangeId: string; documentId: string; visitorId: string; documents: SafetyNoticeDocument[] };
    }
  | {
      type: 'SafetyNoticeNotDelivered';
      /** The mailer refused the notice recorded before: a later run tries again (at most `SAFETY_NOTICE_ATTEMPTS` in all). */
      data: { parentChangeId: string; documentId: string; visitorId: string; attempt: number };
    };

export const safetyNoticeStreamId = (parentChangeId: string) => `safety-notices-${parentChangeId}`;
/** How many times one visitor's notice is handed to the mailer before it is given up. */
export const SAFETY_NOTICE_ATTEMPTS = 3;

import type { Signature } from '../signatures';

/** A file of a change order as recorded: its content address, its type and size, and the name the author gave it. */
export interface DocumentFile {
  /** Stable id of this file within its change order (a supporting file is deleted by it). */
  fileId: string;
  sha256: string;
  contentType: string;
  size: number;
  /** Display only; never a path. */
  docName: string;
}

/** What the Start step and Edit parent set (spec §2.9, §2.11, §3 Parent document). */
export interface ParentDetails {
  productFamilyName: string;
  productFamilyDescription: string;
  changeDescription: string;
  changeJustification: string;
  changeType: string;
  customerId: string;
  approverId: string;
  /** true is Offline, false is Online (spec §3). */
  isInternal: boolean;
  /** The day the change order takes effect, `YYYY-MM-DD`. */
  effectiveDate: string;
  /** The family's Basic UDI-DI; absent in events recorded before the field existed. */
  basicUdiDi?: string;
  /**
   * A safety revision: once approved and in effect, the visitors who downloaded a version it supersedes
   * through an emailed link are mailed. Absent in events recorded before it: false.
   */
  safetyRevision?: boolean;
}

/** What the Change/New step and Edit child set (spec §2.9, §2.10, §3 Child document). */
export interface ChildDetails {
  /** Shown as Lot Number or IFU Number. */
  associatedReferenceNumber: string;
  /** Part Number. */
  productSubFamilyNameOne: string;
  /** Bill of Material, as the spec's entity names it a second time. */
  productSubFamilyNameTwo: string;
  billMaterialInformation: string;
  keywords: string;
  /** Comma-separated ISO 3166-1 alpha-2 codes. */
  countryList: string;
  /** Comma-separated ISO 639-1 codes. */
  languageList: string;
  changeDescription: string;
  changeJustification: string;
  /** The device's GTIN as entered; absent in events recorded before the field existed, '' when none. */
  gtin?: string;
  /** Further lots the leaflet covers (`L1,L2`), besides its IFU Number. */
  additionalLots?: string;
  /** Serials and serial ranges it covers (`1000-1999,A17`). */
  serialRanges?: string;
}

/** A child document as recorded when it is added. */
export interface ChildRecord extends ChildDetails {
  childDocumentId: string;
  /** Assigned by the server: the change order number and the child's place in it, never reused (`CO-2026-00042-01`). */
  documentNumber: string;
  file: DocumentFile;
}

/** One field a change altered, with its value before and after (a child edit records which fields changed). */
export interface FieldChange {
  field: string;
  old: string;
  new: string;
}

/** Another change order, named by its id and its number (`CO-2026-00042`): the two ends of a revision's link. */
export interface ChangeOrderRef {
  parentChangeId: string;
  documentId: string;
}

/** What every authoring event carries: the author's electronic signature and the comments given with it. */
interface Signed {
  parentChangeId: string;
  documentId: string;
  signature: Signature;
  comments: string;
}

/**
 * Events of the `document-<parentChangeId>` streams: a change order (the parent) and its child documents. Every
 * authoring step is signed by its author (meaning `authorship`, `modification` for a child edited, `file-deletion` or
 * `deactivation`).
 */
export type DocumentEvent =
  | {
      type: 'ChangeOrderCreated';
      data: Signed & {
        approvalRoutingNumber: string;
        details: ParentDetails;
        logo: DocumentFile;
        files: DocumentFile[];
        createdBy: string;
        /** Revise and resubmit: the rejected change order this one revises; absent for a new one. */
        revises?: ChangeOrderRef;
        /** `revises` is an approved change order revised after its periodic review (absent: a rejected one). */
        revisesApproved?: boolean;
        /**
         * The approver the author chose was absent that day: `details.approverId` is their delegate, and this the
         * absent approver's id. Absent when the chosen approver took it.
         */
        delegatedFrom?: string;
      };
    }
  | { type: 'ChildDocumentAdded'; data: Signed & { child: ChildRecord; editedBy: string } }
  | {
      type: 'ChangeOrderUpdated';
      data: Signed & {
        details: ParentDetails;
        changes: FieldChange[];
        editedBy: string;
        /** The edit chose an approver absent that day: `details.approverId` is their delegate, this the absent approver's id. */
        delegatedFrom?: string;
      };
    }
  | { type: 'ChangeOrderLogoChanged'; data: Signed & { logo: DocumentFile; previous: DocumentFile; editedBy: string } }
  | { type: 'SupportingFilesAdded'; data: Signed & { files: DocumentFile[]; editedBy: string } }
  | { type: 'SupportingFileDeleted'; data: Signed & { file: DocumentFile; editedBy: string } }
  | {
      type: 'ChildDocumentUpdated';
      data: Signed & {
        childDocumentId: string;
        documentNumber: string;
        details: ChildDetails;
        /** Present when the file was replaced: the new file; the one it replaced is `previousFile`. */
        file?: DocumentFile;
        previousFile?: DocumentFile;
        changes: FieldChange[];
        editedBy: string;
      };
    }
  | {
      type: 'ChildDocumentDeactivated';
      /** `reason`: why, when the deactivating author gave one (optional: the spec's payload has none). */
      data: Signed & { childDocumentId: string; documentNumber: string; obsoleteDate: string; editedBy: string; reason?: string };
    }
  | { type: 'ChangeOrderDeactivated'; data: Signed & { obsoleteDate: string; editedBy: string } }
  /** The assigned approver's signed decision (meaning `approval` or `rejection`), after opening every file. */
  | {
      type: 'ChangeOrderApproved';
      data: Signed & {
        approvedDate: string;
        reason?: string;
        /**
         * Its first periodic review date (`YYYY-MM-DD`), as the approver set it or 12 months after the
         * approval day. Absent on approvals recorded before periodic reviews: then 12 months after `approvedDate`.
         */
        reviewDate?: string;
      };
    }
  | { type: 'ChangeOrderRejected'; data: Signed & { reason: string } }
  /**
   * Revise and resubmit, in the rejected change order's stream: its author started `revision`, a new change
   * order prefilled from it. Recorded just before the revision's `ChangeOrderCreated`; a change order is revised once.
   * Not signed itself: the revision's creation carries the author's signature.
   */
  | {
      type: 'ChangeOrderRevised';
      data: {
        parentChangeId: string;
        documentId: string;
        revision: ChangeOrderRef;
        revisedBy: string;
        /** An approved change order revised after a periodic review's outcome 'revise'; absent: a rejected one. */
        after?: 'periodic-review';
      };
    }
  /**
   * The author or an ADMIN moved the periodic review date of an approved change order (not signed: it decides
   * nothing about the document), saying why.
   */
  | {
      type: 'PeriodicReviewDateChanged';
      data: { parentChangeId: string; documentId: string; reviewDate: string; previous: string | null; changedBy: string; reason: string };
    }
  /**
   * The daily job's reminder of a review date (`upcoming`: 30 days before; `due`: on the day or after, if the
   * day was missed), recorded before the mails go so that no process sends it twice. Recipients by user id only.
   */
  | {
      type: 'PeriodicReviewReminderSent';
      data: { parentChangeId: string; documentId: string; reviewDate: string; reminder: 'upcoming' | 'due'; recipients: string[] };
    }
  /**
   * The signed periodic review (meaning `periodic-review`). `still-valid` sets `nextReviewDate`; `revise`
   * leaves none and lets the author revise and resubmit the approved change order (it stays public until the revision
   * is approved).
   */
  | {
      type: 'PeriodicReviewCompleted';
      data: Signed & { outcome: 'still-valid' | 'revise'; reviewDate: string | null; nextReviewDate: string | null };
    }
  /**
   * An ADMIN switched a decided change order Online (`isInternal` false) or Offline (true), at once; not signed (spec §4).
   * `reason`: why, as the ADMIN gave it; absent when none was given (the spec's payload has no field for it) and on
   * events recorded before a reason was asked for.
   */
  | {
      type: 'ChangeOrderAccessibilityChanged';
      data: {
        parentChangeId: string;
        documentId: string;
        isInternal: boolean;
        previous: boolean;
        changedBy: string;
        reason?: string;
        /** The approver's signature (meaning `approval`), when the change was proposed on an approved change order. */
        signature?: Signature;
      };
    }
  /**
   * An ADMIN asked to switch an APPROVED change order Online/Offline, and the approved accessibility stayed in
   * force until the change order's approver signed the change (`ChangeOrderAccessibilityChanged`) or rejected it. No
   * longer recorded (a switch takes effect at once); old logs keep folding it.
   */
  | {
      type: 'ChangeOrderAccessibilityProposed';
      data: { parentChangeId: string; documentId: string; isInternal: boolean; previous: boolean; requestedBy: string; reason: string };
    }
  /**
   * An ADMIN gave a change order awaiting its decision to another approver (signed, meaning `reassignment`, with the
   * reason): `from` the approver it had, `to` the one it has now. `to` is the delegate of the approver the ADMIN chose
   * when that one was absent that day (`delegatedFrom`, their id). The change order's content and authors are unchanged.
   */
  | {
      type: 'ChangeOrderApproverReassigned';
      data: {
        parentChangeId: string;
        documentId: string;
        from: string;
        to: string;
        reason: string;
        reassignedBy: string;
        signature: Signature;
        delegatedFrom?: string;
      };
    }
  /** The approver rejected the proposed Online/Offline change (signed, meaning `rejection`); nothing changed. */
  | {
      type: 'ChangeOrderAccessibilityRejected';
      data: { parentChangeId: string; documentId: string; isInternal: boolean; requestedBy: string; reason: string; signature: Signature };
    };

export const documentStreamId = (parentChangeId: string) => `document-${parentChangeId}`;

/**
 * Staff downloads of a change order's files, one stream per change order (`document-files-<parentChangeId>`), kept
 * apart from the change order's own stream so that opening a file never races an author's signed edit. The
 * approver's downloads are the review the decision requires: a file counts as opened at the content (sha256) it had.
 */
export const documentFilesStreamId = (parentChangeId: string) => `document-files-${parentChangeId}`;
export type DocumentFileEvent = {
  type: 'DocumentFileDownloaded';
  data: {
    parentChangeId: string;
    documentId: string;
    /** A supporting file's id, or the child's file id. */
    fileId: string;
    /** Set when the file is a child document's. */
    childDocumentId: string | null;
    documentNumber: string | null;
    sha256: string;
    docName: string;
    downloadedBy: string;
    /** `manifest`: the copy with the signature page appended. */
    purpose: 'download' | 'manifest';
  };
};

/** Change order numbers are handed out in order from one stream; a number once assigned is never given again. */
export const CHANGE_ORDER_NUMBERS_STREAM = 'change-order-numbers';
export type ChangeOrderNumberEvent = {
  type: 'ChangeOrderNumberAssigned';
  data: { year: number; number: number; documentId: string; parentChangeId: string };
};

/** The upload of the add wizard's files, kept staged until a submitted document uses them (or removed after 24 h). */
export const documentUploadStreamId = (uploadId: string) => `document-upload-${uploadId}`;

export interface UploadedFile extends DocumentFile {
  /** The staged copy (FileStore staging) until a document uses it. */
  stagedId: string;
  /** supporting file, parent logo, or a child's main document */
  role: 'supporting' | 'logo' | 'main';
}

export type DocumentUploadEvent =
  | { type: 'DocumentFilesUploaded'; data: { uploadId: string; kind: 'parent' | 'child'; uploadedBy: string; uploadedAt: string; files: UploadedFile[] } }
  | { type: 'DocumentUploadUsed'; data: { uploadId: string; parentChangeId: string } }
  | { type: 'DocumentUploadReleased'; data: { uploadId: string; parentChangeId: string } };

import { z } from 'zod';
import { CONTROL_CHARACTERS, ListQuery, passwordText, requiredText } from './common';
import { COUNTRY_CODES } from './countries';
import { LANGUAGE_CODES } from './languages';
import { REASON_MAX, reasonText, Signature, SIGNATURE_MESSAGES } from './signatures';
import { basicUdiDiField, productIdentifierFields } from './product-identifiers';
import { PeriodicReviewView, reviewDateField } from './periodic-reviews';

/** Spec §5 texts of the document screens and §8 messages, spelled once for the forms and the server. */
export const DOCUMENT_MESSAGES = {
  // Start step and Edit parent
  selectType: 'Select Type',
  enterProductFamilyName: 'Enter Product Family Name',
  enterProductName: 'Enter Product Name',
  selectApprover: 'Select Approver',
  selectInternal: 'Select Internal',
  selectCustomer: 'Select Customer',
  selectEffectiveDate: 'Select Effective Date',
  // The fields are labelled Description of Change and Justification of Change (spec §2.9): their messages name them.
  enterDescriptionOfChange: 'Enter Description of Change',
  enterJustificationOfChange: 'Enter Justification of Change',
  selectDocumentLogo: 'Select Document Logo',
  // Change/New step, Edit and Add child
  enterIfuNumber: 'Enter IFU Number',
  enterPartNumber: 'Enter Part Number',
  enterBillOfMaterial: 'Enter Bill of Material',
  selectCountry: 'Select Country',
  selectDocument: 'Select a document',
  enterKeywords: 'Enter Keywords',
  selectLanguage: 'Select Language',
  // Preview, and every signed edit
  enterUsername: SIGNATURE_MESSAGES.enterUsername,
  enterPassword: SIGNATURE_MESSAGES.enterPassword,
  enterComments: 'Enter Comments',
  enterUsernameAndPassword: SIGNATURE_MESSAGES.enterUsernameAndPassword,
  // The wizard's upload and its side list
  uploadAllFile: 'Upload All File',
  confirmUpload: 'Are you Sure to Upload Documents',
  uploadedSuccessfully: 'Uploaded Successfully',
  uploadFile: 'Upload File',
  uploadedDoc: 'Uploaded Doc',
  noDocumentsSaved: 'No Documents Saved',
  addMoreDocument: 'Add More Document',
  confirmDeleteFile: 'Are you Sure to Delete Document',
  atMostFourFiles: 'At most 4 supporting files can be attached',
  // §8
  addFailed: 'Failed to Add Document!!',
  editFailed: 'Failed to Edit Document!!',
  fetchFailed: 'Failed to fetch Document!!',
  listFailed: 'Failed to get list of documents!!',
  uploadFailed: 'Failed to Upload Document!!',
  createFailed: 'Failed to Create Document!!',
  addNewFailed: 'Failed to add new document!!',
  added: 'Document Added Successfully!!',
  updated: 'Document Updated',
  uploadedServer: 'Document Uploaded Successfully !!',
  created: 'Document Created Successfully !!',
  uploaded: 'Document Uploaded',
  addedWithId: (documentId: string) => `Document ${documentId} Added Succesfully..!!`,
  childAdded: 'Child Document Added',
  childUpdated: 'Child Document Updated',
  rejected: 'Document Rejected',
  // Revise and resubmit
  reviseAndResubmit: 'Revise and resubmit',
  revisionOf: (documentId: string) => `Revision of ${documentId}`,
  revisedBy: (documentId: string) => `Revised by ${documentId}`,
  noDataFound: 'No Data Found',
  // Approval (spec §2.7, §2.12, §5)
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Document Approved',
  approvalFailed: 'Document approval failed.',
  enterConfirmPassword: SIGNATURE_MESSAGES.enterConfirmPassword,
  passwordMismatch: SIGNATURE_MESSAGES.passwordMismatch,
  enterReason: SIGNATURE_MESSAGES.enterReason,
  reasonTooLong: SIGNATURE_MESSAGES.reasonTooLong,
  submitting: 'Submitting...',
  openEveryFile: 'Open every supporting file and child document before approving or rejecting',
  // Internal search (spec §2.8)
  searchField: 'Search',
  changeOrderNumber: 'ChangeOrder Number',
  productName: 'Product Name',
  customerName: 'Customer Name',
  archiveSearch: 'Archive Search',
  submit: 'Submit',
} as const;

/** The internal search answers at most this many documents, best first. */
export const SEARCH_RESULTS_MAX = 50;

/** Spec §3 change types, in the order of the Start step's radios. */
export const CHANGE_TYPES = ['General Document', 'Record', 'Model/Product Information', 'Product Drawing'] as const;
export const ChangeType = z.enum(CHANGE_TYPES, { error: DOCUMENT_MESSAGES.selectType });
export type ChangeType = z.infer<typeof ChangeType>;

/** Spec §4 document status and its badges. */
export const DocumentStatus = z.enum(['REQUIRE_APPROVAL', 'APPROVED', 'REJECTED']);
export type DocumentStatus = z.infer<typeof DocumentStatus>;
export const DOCUMENT_STATUS_LABEL: Record<DocumentStatus, string> = {
  REQUIRE_APPROVAL: 'Approval Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** Spec §9: at most 4 supporting files per change order. */
export const MAX_SUPPORTING_FILES = 4;
/** A change order holds at most this many child documents in one submission. */
export const MAX_CHILDREN_PER_SUBMIT = 50;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `2026-11-23` → `23-Nov-2026`: dates are sent and audited as DD-MMM-YYYY (spec §9). */
export function toDayMonthYear(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** `23-Nov-2026` (any case of the month) → `2026-11-23`; undefined when it is not a real day between 2000 and 2999. */
export function fromDayMonthYear(text: string): string | undefined {
  const match = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (!match) return undefined;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[2]!.toLowerCase());
  const day = Number(match[1]);
  const year = Number(match[3]);
  if (month < 0 || year < 2000 || year > 2999) return undefined;
  const date = new Date(Date.UTC(year, month, day));
  if (date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A free text that may span lines (descriptions, comments): bounded first, control characters but line breaks refused. */
const longText = (required: string, max = 2000) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') })
    .max(max * 4 + 64, { message: `must be at most ${max} characters`, abort: true })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters', abort: true })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, { message: `must be at most ${max} characters`, abort: true });

/** Comma-separated codes from a fixed list (spec §3 countryList, languageList): at least one, each known, no repeats. */
const codeList = (required: string, known: ReadonlySet<string>, normalize: (code: string) => string, what: string) =>
  z
    .union([z.string().max(2000, { message: `must be at most 2000 characters`, abort: true }), z.array(z.string().max(10)).max(300)], {
      error: (issue) => (issue.input === undefined ? required : 'must be comma-separated codes'),
    })
    .transform((value, ctx) => {
      const codes = (Array.isArray(value) ? value : value.split(',')).map((c) => normalize(c.trim())).filter((c) => c.length > 0);
      if (codes.length === 0) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const unknown = codes.find((c) => !known.has(c));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${unknown.slice(0, 10)} is not ${what}` });
        return z.NEVER;
      }
      return [...new Set(codes)].join(',');
    });

export const countryListField = codeList(DOCUMENT_MESSAGES.selectCountry, COUNTRY_CODES, (c) => c.toUpperCase(), 'an ISO 3166-1 country code');
export const languageListField = codeList(DOCUMENT_MESSAGES.selectLanguage, LANGUAGE_CODES, (c) => c.toLowerCase(), 'an ISO 639-1 language code');

/** `true`/`false` as JSON or as multipart text; a missing value gets the form's own message. */
const booleanField = (required: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: (issue) => (issue.input === undefined || issue.input === '' ? required : 'must be true or false'),
  });

/** Ids are lower-case UUIDs; one sent in capitals names the same record. */
const idField = (required: string) =>
  requiredText(required, 64)
    .regex(/^[A-Za-z0-9-]+$/, 'must be an id')
    .transform((id) => id.toLowerCase());

/** DD-MMM-YYYY as sent (spec §7.3), kept as `YYYY-MM-DD`. */
export const effectiveDateField = z
  .string({ error: (issue) => (issue.input === undefined ? DOCUMENT_MESSAGES.selectEffectiveDate : 'must be a string') })
  .max(20, { message: 'must be a date like 23-Nov-2026', abort: true })
  .refine((v) => v.trim().length > 0, { message: DOCUMENT_MESSAGES.selectEffectiveDate, abort: true })
  .transform((v, ctx) => {
    const day = fromDayMonthYear(v.trim());
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'must be a date like 23-Nov-2026' });
      return z.NEVER;
    }
    return day;
  });

/** The Start step's fields (spec §5 Add wizard, Start step); Edit parent asks 'Enter Product Name' instead. */
export const parentFields = (productNameMessage: string = DOCUMENT_MESSAGES.enterProductFamilyName) => ({
  changeType: ChangeType,
  productFamilyName: requiredText(productNameMessage, 200),
  approverId: idField(DOCUMENT_MESSAGES.selectApprover),
  isInternal: booleanField(DOCUMENT_MESSAGES.selectInternal),
  customerId: idField(DOCUMENT_MESSAGES.selectCustomer),
  effectiveDate: effectiveDateField,
  changeDescription: longText(DOCUMENT_MESSAGES.enterDescriptionOfChange),
  changeJustification: longText(DOCUMENT_MESSAGES.enterJustificationOfChange),
  /** The spec's payload carries it next to changeDescription; the forms have one field, so it defaults to that. */
  productFamilyDescription: z.string().max(2000).optional(),
  /** The family's Basic UDI-DI: optional. */
  basicUdiDi: basicUdiDiField,
  /** A safety revision: optional, false when absent (Edit parent sends it as a form field: 'true', 'false'). */
  safetyRevision: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'must be true or false' }).optional(),
});
export const ParentFields = z.object(parentFields());
export type ParentFieldsInput = z.input<typeof ParentFields>;

/** The Change/New step's fields (spec §5), shared by the wizard, Edit child and Add child. */
export const childFields = {
  associatedReferenceNumber: requiredText(DOCUMENT_MESSAGES.enterIfuNumber, 100),
  productSubFamilyNameOne: requiredText(DOCUMENT_MESSAGES.enterPartNumber, 200),
  billMaterialInformation: requiredText(DOCUMENT_MESSAGES.enterBillOfMaterial, 200),
  /** Also Bill of Material in the spec's entity; defaults to billMaterialInformation. */
  productSubFamilyNameTwo: z.string().max(200).optional(),
  changeDescription: longText(DOCUMENT_MESSAGES.enterDescriptionOfChange),
  changeJustification: longText(DOCUMENT_MESSAGES.enterJustificationOfChange),
  countryList: countryListField,
  languageList: languageListField,
  keywords: longText(DOCUMENT_MESSAGES.enterKeywords, 500),
  /** The device's GTIN, further lots and serial ranges (eIFU): optional. */
  ...productIdentifierFields,
};
export const ChildFields = z.object(childFields);
export type ChildFieldsInput = z.input<typeof ChildFields>;

/** The signer's own credentials and the comments every authoring step asks for (spec §2.9 Preview, §2.10, §2.11). */
export const signedFields = {
  username: requiredText(DOCUMENT_MESSAGES.enterUsername, 254),
  password: passwordText(DOCUMENT_MESSAGES.enterPassword),
  comments: longText(DOCUMENT_MESSAGES.enterComments, 1000),
};

/** Deactivation and file deletion: one message for both (spec §5). */
const deactivationCredentials = {
  username: requiredText(DOCUMENT_MESSAGES.enterUsernameAndPassword, 254),
  password: passwordText(DOCUMENT_MESSAGES.enterUsernameAndPassword),
};

/** One child of `POST /document/addDocumentListData` (spec §7.3); `obsoleteDate` and the parent copies are ignored. */
export const ListChild = z.object({
  ...childFields,
  uploadDocumentFileId: idField(DOCUMENT_MESSAGES.selectDocument),
  obsoleteDate: z.unknown().optional(),
  isInternal: z.unknown().optional(),
  productFamilyName: z.unknown().optional(),
  productFamilyDescription: z.unknown().optional(),
});
export type ListChild = z.input<typeof ListChild>;

/** `POST /document/addDocumentListData`: the whole change order, signed by its author (meaning `authorship`). */
export const AddDocumentListData = z.object({
  ...parentFields(),
  ...signedFields,
  uploadParentDocumentFileId: idField(DOCUMENT_MESSAGES.selectDocumentLogo),
  list: z
    .array(ListChild, { error: (issue) => (issue.input === undefined ? `list: ${DOCUMENT_MESSAGES.selectDocument}` : 'must be a list') })
    .min(1, DOCUMENT_MESSAGES.selectDocument)
    .max(MAX_CHILDREN_PER_SUBMIT, `at most ${MAX_CHILDREN_PER_SUBMIT} documents in one change order`),
  productSubFamilyNameOne: z.unknown().optional(),
  productSubFamilyNameTwo: z.unknown().optional(),
});
export type AddDocumentListData = z.input<typeof AddDocumentListData>;

/**
 * One child of `POST /document/reviseChangeOrder` (revise and resubmit): its PDF is a new upload
 * (`uploadDocumentFileId`) or the stored PDF of a child of the rejected change order (`keepFileOf`, that child's id),
 * never uploaded again.
 */
export const ReviseListChild = ListChild.extend({
  uploadDocumentFileId: idField(DOCUMENT_MESSAGES.selectDocument).optional(),
  keepFileOf: idField('keepFileOf must be a child document id').optional(),
}).refine((child) => (child.uploadDocumentFileId === undefined) !== (child.keepFileOf === undefined), {
  message: `${DOCUMENT_MESSAGES.selectDocument} (upload one, or keep the file of a child of the rejected change order)`,
  path: ['uploadDocumentFileId'],
});
export type ReviseListChild = z.input<typeof ReviseListChild>;

/**
 * `POST /document/reviseChangeOrder`: a new change order prefilled from a rejected one (`revises`) and
 * linked to it, signed by its author like a new one. The rejected one's stored files are reused without uploading
 * them again: `keepFileIds` (its supporting files to carry over), its logo unless the new upload has one, and each
 * child's `keepFileOf`. `uploadParentDocumentFileId` is needed only for new parent files.
 */
export const ReviseChangeOrderRequest = AddDocumentListData.extend({
  revises: idField('revises is required (the rejected change order)'),
  uploadParentDocumentFileId: idField(DOCUMENT_MESSAGES.selectDocumentLogo).optional(),
  keepFileIds: z
    .array(idField('must be a file id'), { error: 'keepFileIds must be a list of file ids' })
    .max(MAX_SUPPORTING_FILES, DOCUMENT_MESSAGES.atMostFourFiles)
    .optional()
    .default([]),
  list: z
    .array(ReviseListChild, { error: (issue) => (issue.input === undefined ? `list: ${DOCUMENT_MESSAGES.selectDocument}` : 'must be a list') })
    .min(1, DOCUMENT_MESSAGES.selectDocument)
    .max(MAX_CHILDREN_PER_SUBMIT, `at most ${MAX_CHILDREN_PER_SUBMIT} documents in one change order`),
});
export type ReviseChangeOrderRequest = z.input<typeof ReviseChangeOrderRequest>;

/** `PUT /document/updateParent` (multipart; spec §7.3 names the id `parantChangeId`, `parentChangeId` is taken too). */
export const UpdateParentFields = z
  .object({
    ...parentFields(DOCUMENT_MESSAGES.enterProductName),
    ...signedFields,
    parantChangeId: idField('parantChangeId is required').optional(),
    parentChangeId: idField('parentChangeId is required').optional(),
  })
  .refine((v) => v.parantChangeId ?? v.parentChangeId, { message: 'parantChangeId is required', path: ['parantChangeId'] })
  .transform(({ parantChangeId, parentChangeId, ...rest }) => ({ ...rest, parentChangeId: (parantChangeId ?? parentChangeId)! }));
export type UpdateParentFields = z.input<typeof UpdateParentFields>;

/**
 * `PUT /document/updateSingleChildDocument` (multipart): `childDocumentId` edits that child; `documentParentChangeId`
 * adds a new child to that change order (its file `childMainDocument` is then required).
 */
export const UpdateChildFields = z
  .object({
    ...childFields,
    ...signedFields,
    childDocumentId: idField('childDocumentId is required').optional(),
    documentParentChangeId: idField('documentParentChangeId is required').optional(),
    /** Sent by the spec's client next to countryList; ignored. */
    countryExclusionList: z.unknown().optional(),
  })
  .refine((v) => (v.childDocumentId === undefined) !== (v.documentParentChangeId === undefined), {
    message: 'give either childDocumentId (edit) or documentParentChangeId (add)',
    path: ['childDocumentId'],
  });
export type UpdateChildFields = z.input<typeof UpdateChildFields>;

/** `POST /document/addFilesToParent` (multipart `parentDocuments`): signed like every edit. */
export const AddFilesToParentFields = z.object({
  documentParentChangeId: idField('documentParentChangeId is required'),
  ...signedFields,
});

/** `DELETE /document/deleteParentFileById`. */
export const DeleteParentFileRequest = z.object({
  documentParentChangeId: idField('documentParentChangeId is required'),
  fileId: idField('fileId is required'),
  ...deactivationCredentials,
});
/** `DELETE /document/deleteParentChange`. */
export const DeleteParentChangeRequest = z.object({
  documentParentChangeId: idField('documentParentChangeId is required'),
  ...deactivationCredentials,
});
/**
 * `DELETE /document/deleteChildDoc`. `reason`: why the child is deactivated, which the screen asks for; the spec's
 * payload has none, so it is optional (bounded, no control characters), recorded in the event and the audit trail.
 */
export const DeleteChildDocRequest = z.object({
  childDocumentId: idField('childDocumentId is required'),
  ...deactivationCredentials,
  reason: reasonText().optional(),
});

/** The documents list (spec §2.7): the 'Documents' tab shows only pending change orders. */
export const DocumentListQuery = ListQuery.extend({
  tab: z.enum(['pending', 'all']).optional().default('all'),
  /** `overdue` lists only the approved change orders whose periodic review date has passed unreviewed. */
  review: z.enum(['overdue'], { error: 'review must be overdue' }).optional(),
  sortField: z.enum(['documentId', 'effectiveDate', 'changeType', 'isInternal', 'status', 'createdAt']).optional(),
});
export type DocumentListQuery = z.input<typeof DocumentListQuery>;

// ---- responses

export const DocumentFileView = z.object({
  fileId: z.string(),
  /** Also `id`, as the spec's parentDocumentList names it. */
  id: z.string(),
  docName: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** Whether the caller has fetched this file (at this content) through a download link: the review's check mark. */
  opened: z.boolean(),
});
export type DocumentFileView = z.infer<typeof DocumentFileView>;

export const UploadParentResponse = z.object({
  message: z.string(),
  uploadParentDocumentFileId: z.string(),
  fileDetails: z.array(z.object({ fileId: z.string(), docName: z.string(), size: z.number(), sha256: z.string(), role: z.string() })),
});
export type UploadParentResponse = z.infer<typeof UploadParentResponse>;

export const UploadChildResponse = z.object({
  message: z.string(),
  uploadChildDocumentFileId: z.string(),
  fileDetails: z.array(z.object({ fileId: z.string(), docName: z.string(), size: z.number(), sha256: z.string(), role: z.string() })),
});
export type UploadChildResponse = z.infer<typeof UploadChildResponse>;

export const PersonRef = z.object({ id: z.string(), firstName: z.string(), name: z.string(), email: z.string() });

/** An earlier approved version of a child document, and what changed from it to the next version. */
export const DocumentVersion = z.object({
  childDocumentId: z.string(),
  documentNumber: z.string(),
  parentChangeId: z.string(),
  documentId: z.string(),
  /** When it was published: its change order's effective date. */
  effectiveDate: z.string(),
  obsoleteDate: z.string().nullable(),
  /** From this version to the one after it: fields, old and new. */
  changes: z.array(z.object({ field: z.string(), old: z.string(), new: z.string() })),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;

export const ChildDocumentView = z.object({
  childDocumentId: z.string(),
  documentNumber: z.string(),
  associatedReferenceNumber: z.string(),
  productSubFamilyNameOne: z.string(),
  productSubFamilyNameTwo: z.string(),
  billMaterialInformation: z.string(),
  keywords: z.string(),
  countryList: z.string(),
  languageList: z.string(),
  changeDescription: z.string(),
  changeJustification: z.string(),
  /** The device's GTIN as entered ('' when none), further lots and serial ranges. */
  gtin: z.string(),
  additionalLots: z.string(),
  serialRanges: z.string(),
  /** What a label prints for this child: its GS1 Digital Link URI when it has a GTIN, else its permalink. */
  labelUrl: z.string(),
  /** The public permalink of this document's current version (`/p/{documentNumber}`). */
  permalink: z.string(),
  comments: z.string(),
  docName: z.string(),
  sha256: z.string(),
  size: z.number(),
  obsoleteDate: z.string().nullable(),
  /** Authorship signatures of this child (added, edited), newest last. */
  signatures: z.array(Signature),
  /** Whether the caller has fetched this file (at this content) through a download link: the review's check mark. */
  opened: z.boolean(),
  /**
   * Where the PDF's text is for the searches (extracted after the upload, by a queue): 'pending' while it waits,
   * 'indexed', 'partial' (a limit of the extraction cut it: its beginning is searchable), 'failed' (no text could be
   * extracted: the document is found by its fields only). An addition to the spec's fields.
   */
  textIndexing: z.enum(['pending', 'indexed', 'partial', 'failed']).optional(),
  /** Superseded by a later approved version whose effective date has come. */
  archived: z.boolean(),
  /** The later approved version that replaces this one (from its effective date), if any. */
  supersededBy: z.object({ childDocumentId: z.string(), documentNumber: z.string(), parentChangeId: z.string(), effectiveDate: z.string() }).nullable(),
  /** Earlier approved versions (same customer, product family, reference and part number), newest first. */
  versions: z.array(DocumentVersion),
});
export type ChildDocumentView = z.infer<typeof ChildDocumentView>;

/**
 * A child document deactivated while its change order awaited its decision: it left every list, search and the
 * approver's files to open, and stays on the change order's view as deactivated, with the day it became obsolete and
 * the reason given (null when none was).
 */
export const DeactivatedChildView = z.object({
  childDocumentId: z.string(),
  documentNumber: z.string(),
  associatedReferenceNumber: z.string(),
  productSubFamilyNameOne: z.string(),
  docName: z.string(),
  obsoleteDate: z.string().nullable(),
  reason: z.string().nullable(),
});
export type DeactivatedChildView = z.infer<typeof DeactivatedChildView>;

/** A child's own text fields as it holds them: what a revision of its change order carries over. */
export const childTextFields = (child: Pick<ChildDocumentView, 'associatedReferenceNumber' | 'productSubFamilyNameOne' | 'billMaterialInformation' | 'countryList' | 'languageList' | 'keywords' | 'changeDescription' | 'changeJustification'>) => ({
  associatedReferenceNumber: child.associatedReferenceNumber,
  productSubFamilyNameOne: child.productSubFamilyNameOne,
  billMaterialInformation: child.billMaterialInformation,
  countryList: child.countryList,
  languageList: child.languageList,
  keywords: child.keywords,
  changeDescription: child.changeDescription,
  changeJustification: child.changeJustification,
});

/** The other end of a revision's link: a change order's id and number. */
export const ChangeOrderRefView = z.object({ parentChangeId: z.string(), documentId: z.string() });
export type ChangeOrderRefView = z.infer<typeof ChangeOrderRefView>;

export const ChangeOrderView = z.object({
  parentChangeId: z.string(),
  parentDocumentChangeId: z.string(),
  documentId: z.string(),
  approvalRoutingNumber: z.string(),
  status: DocumentStatus,
  changeType: z.string(),
  productFamilyName: z.string(),
  productFamilyDescription: z.string(),
  changeDescription: z.string(),
  changeJustification: z.string(),
  /** The family's Basic UDI-DI ('' when none). */
  basicUdiDi: z.string(),
  /** A safety revision: its readers of superseded versions are mailed when it takes effect. */
  safetyRevision: z.boolean(),
  /**
   * For a safety revision: the visitors mailed (`notified`) and how many of them downloaded a new version of it
   * through an emailed link after their mail (`opened`); null for any other change order.
   */
  safetyNotices: z.object({ notified: z.number(), opened: z.number() }).nullable(),
  comments: z.string(),
  reason: z.string().nullable(),
  isInternal: z.boolean(),
  effectiveDate: z.string(),
  approvedDate: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string(),
  approverId: z.string(),
  approver: PersonRef.nullable(),
  author: PersonRef.nullable(),
  parentDocumentList: z.array(DocumentFileView),
  parentDocumentLogoUrl: z.string().nullable(),
  children: z.array(ChildDocumentView),
  /** Its deactivated children, in the order they were added (not in `children`: those are the active ones). */
  deactivatedChildren: z.array(DeactivatedChildView).default([]),
  /** Every signature on the change order, oldest first (authorship, file deletion, deactivation, decision). */
  signatures: z.array(Signature),
  createdAt: z.string(),
  /** While REQUIRE_APPROVAL it can be edited, added to and deactivated (spec §4). */
  editable: z.boolean(),
  /**
   * The caller may decide now (the server's approver policy: the assigned approver, an ADMIN, neither its creator nor
   * its last editor) and the change order awaits its decision: Approve and Reject are shown.
   */
  mayDecide: z.boolean(),
  /**
   * Files the caller has not opened yet (Approve and Reject stay disabled until this is empty), each by the id
   * `GET /document/getDocumentDownload/:id` takes: a supporting file's id, a child document's id.
   */
  unopened: z.array(z.object({ fileId: z.string(), docName: z.string() })),
  /** Revise and resubmit: the rejected change order this one revises ('Revision of CO-…'), or null. */
  revises: ChangeOrderRefView.nullable(),
  /** The change order that revises this rejected one ('Revised by CO-…'), or null. */
  revisedBy: ChangeOrderRefView.nullable(),
  /** The caller may revise and resubmit it: rejected, not revised yet, and the caller is its author. */
  mayRevise: z.boolean(),
  /**
   * An Online/Offline change of this approved change order awaiting its approver's signature (`isInternal`
   * is the value requested; the change order's own `isInternal` stays the approved one, in force until signed), or null.
   */
  pendingAccessibility: z.object({ isInternal: z.boolean(), requestedBy: PersonRef.nullable(), reason: z.string() }).nullable(),
  /** The caller may switch it Online or Offline now: an ADMIN, once it is decided (spec §4; the server's rule). */
  maySwitchAccessibility: z.boolean(),
  /** The caller may sign or reject the pending Online/Offline change (the approver policy, on the server). */
  mayDecideAccessibility: z.boolean(),
  /**
   * The approver is the delegate of this absent approver, who was chosen ("assigned to D (delegate of X)"); null when
   * the approver chosen took it.
   */
  delegatedFrom: PersonRef.nullable().optional(),
  /**
   * The caller is the approver of this change order awaiting its decision but may not decide on it because they
   * created or last edited it (the approver policy): the view says so and that an ADMIN reassigns it.
   */
  approverIsAuthor: z.boolean().optional(),
  /** The caller may reassign it to another approver (an ADMIN, while it awaits its decision). */
  mayReassign: z.boolean().optional(),
  /** Its periodic review (review date, overdue, the last review, what the caller may do). */
  periodicReview: PeriodicReviewView,
  /** The stream version this shows: its ETag. */
  version: z.number(),
});
export type ChangeOrderView = z.infer<typeof ChangeOrderView>;

export const DocumentListItem = z.object({
  parentChangeId: z.string(),
  documentId: z.string(),
  effectiveDate: z.string(),
  approverFirstName: z.string(),
  approverId: z.string(),
  customerName: z.string(),
  changeType: z.string(),
  isInternal: z.boolean(),
  status: DocumentStatus,
  productFamilyName: z.string(),
  createdAt: z.string(),
  childCount: z.number(),
  /** The caller may approve or reject it now (the server's approver policy, as the view's `mayDecide`): Approve is offered. */
  mayDecide: z.boolean(),
  /** The day its next periodic review is due (null when none), and whether that day has passed unreviewed. */
  reviewDate: z.string().nullable(),
  reviewOverdue: z.boolean(),
});
export type DocumentListItem = z.infer<typeof DocumentListItem>;

/** The documents-list call answers `data.list` (spec §7.3), with `total` for server paging. */
export const DocumentListResponse = z.object({ data: z.object({ list: z.array(DocumentListItem), total: z.number() }) });
export type DocumentListResponse = z.infer<typeof DocumentListResponse>;

export const ChangeOrderResponse = z.object({ message: z.string(), document: ChangeOrderView });
export type ChangeOrderResponse = z.infer<typeof ChangeOrderResponse>;

export const AddDocumentListDataResponse = ChangeOrderResponse.extend({ parentChangeId: z.string(), documentId: z.string() });
export type AddDocumentListDataResponse = z.infer<typeof AddDocumentListDataResponse>;

// ---- Documents II: review, decision, accessibility, downloads, versions, search (spec §2.7, §2.8, §2.12, §7.3)

/** An optional free text, bounded before anything else looks at it. */
const optionalText = (max: number, tooLong = `must be at most ${max} characters`) =>
  z
    .string({ error: 'must be a string' })
    .max(max * 4 + 64, { message: tooLong, abort: true })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters', abort: true })
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, { message: tooLong, abort: true })
    .optional();

/**
 * `POST /document/approveDocuments` (spec §7.3): `documentApproval` true approves, false rejects. The username and
 * password are the assigned approver's electronic signature. The reason is `reason` (view screen) or
 * `changeJustification` (list screen); a rejection needs one. `confirmPassword`, when sent, must equal the password.
 */
export const ApproveDocumentsRequest = z
  .object({
    parentChangeId: idField('parentChangeId is required'),
    approverId: idField('approverId is required').optional(),
    documentApproval: booleanField('documentApproval is required'),
    changeDescription: optionalText(2000),
    changeJustification: optionalText(REASON_MAX, DOCUMENT_MESSAGES.reasonTooLong),
    reason: optionalText(REASON_MAX, DOCUMENT_MESSAGES.reasonTooLong),
    username: requiredText(DOCUMENT_MESSAGES.enterUsername, 254),
    password: passwordText(DOCUMENT_MESSAGES.enterPassword),
    confirmPassword: z.string({ error: 'must be a string' }).max(1024, 'must be at most 1024 characters').optional(),
    /** The first periodic review date the approver sets (`YYYY-MM-DD`); by default 12 months after today. */
    reviewDate: reviewDateField().optional(),
  })
  .superRefine((value, context) => {
    if (!value.documentApproval && value.reviewDate !== undefined) {
      context.addIssue({ code: 'custom', path: ['reviewDate'], message: 'a rejection sets no review date' });
    }
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: DOCUMENT_MESSAGES.passwordMismatch });
    }
    if (!value.documentApproval && !(value.reason || value.changeJustification)) {
      context.addIssue({ code: 'custom', path: ['reason'], message: DOCUMENT_MESSAGES.enterReason });
    }
  })
  .transform(({ reason, changeJustification, confirmPassword: _confirmed, ...rest }) => ({ ...rest, reason: reason || changeJustification || '' }));
export type ApproveDocumentsRequest = z.input<typeof ApproveDocumentsRequest>;

/**
 * `POST /document/update/IsInternal` (spec §7.3): ADMIN only, on a decided change order; `isInternal` true is Offline.
 * It takes effect at once. The screen asks why and sends `reason`, recorded in the event and shown in the audit trail;
 * the spec's payload has no such field, so it is optional here (recorded as not given).
 */
export const UpdateIsInternalRequest = z.object({
  parentDocumentChangeId: idField('parentDocumentChangeId is required'),
  isInternal: booleanField('isInternal is required'),
  reason: reasonText().optional(),
});
export type UpdateIsInternalRequest = z.input<typeof UpdateIsInternalRequest>;

/**
 * `POST /document/accessibility/decide`: the change order's approver signs (`approve` true) or rejects a
 * pending Online/Offline change with their own username and password; a rejection needs a reason. The view's
 * `If-Match` (the version reviewed) is required, as for every decision.
 */
export const DecideAccessibilityRequest = z.object({
  parentChangeId: idField('parentChangeId is required'),
  approve: booleanField('approve is required'),
  reason: optionalText(REASON_MAX, DOCUMENT_MESSAGES.reasonTooLong),
  username: requiredText(DOCUMENT_MESSAGES.enterUsername, 254),
  password: passwordText(DOCUMENT_MESSAGES.enterPassword),
});
export type DecideAccessibilityRequest = z.input<typeof DecideAccessibilityRequest>;

/** `GET /document/getDocumentDownload/:id?purpose=`: `manifest` adds the signature page (approved child documents only). */
export const DocumentDownloadQuery = z.object({
  purpose: z.enum(['download', 'manifest'], { error: 'purpose must be download or manifest' }).optional().default('download'),
});
export type DocumentDownloadQuery = z.input<typeof DocumentDownloadQuery>;

/** The answer of `GET /document/getDocumentDownload/:id`: a signed link for one file and one purpose, for minutes. */
export const DocumentDownloadResponse = z.object({
  documentPath: z.string(),
  docName: z.string(),
  sha256: z.string(),
  expiresAt: z.string(),
});
export type DocumentDownloadResponse = z.infer<typeof DocumentDownloadResponse>;

/** Internal search (spec §2.8, §7.3): both spellings of the fields are taken; every field is optional. */
export const SearchDocumentsRequest = z
  .object({
    keywords: optionalText(200),
    keyword: optionalText(200),
    changeOrderNo: optionalText(40),
    changeOrderNumber: optionalText(40),
    productName: optionalText(200),
    customerName: optionalText(200),
    isArchieveSearch: booleanField('isArchieveSearch must be true or false').optional(),
  })
  .transform((v) => ({
    keywords: v.keywords || v.keyword || '',
    changeOrderNo: v.changeOrderNo || v.changeOrderNumber || '',
    productName: v.productName || '',
    customerName: v.customerName || '',
    archive: v.isArchieveSearch ?? false,
  }));
export type SearchDocumentsRequest = z.input<typeof SearchDocumentsRequest>;
export type SearchDocumentsCriteria = z.output<typeof SearchDocumentsRequest>;

/** A piece of a search snippet: the words that matched are `match: true` (plain text, never markup). */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

export const DocumentSearchResult = z.object({
  childDocumentId: z.string(),
  parentChangeId: z.string(),
  documentNumber: z.string(),
  changeOrderNo: z.string(),
  productName: z.string(),
  changeDescription: z.string(),
  keywords: z.string(),
  associatedReferenceNumber: z.string(),
  productSubFamilyNameOne: z.string(),
  customerName: z.string(),
  languageList: z.string(),
  countryList: z.string(),
  status: DocumentStatus,
  isInternal: z.boolean(),
  effectiveDate: z.string(),
  obsoleteDate: z.string().nullable(),
  /** Superseded by a later approved version whose effective date has come. */
  archived: z.boolean(),
  docName: z.string(),
  /** Where the words matched: the PDF's text, else the description. Empty when the search had no words. */
  snippet: z.array(SnippetPart),
});
export type DocumentSearchResult = z.infer<typeof DocumentSearchResult>;

/** `POST /document/searchDocuments/` answers `data.list`, best match first; an empty list carries 'No Data Found'. */
export const SearchDocumentsResponse = z.object({ data: z.object({ list: z.array(DocumentSearchResult) }), message: z.string().optional() });
export type SearchDocumentsResponse = z.infer<typeof SearchDocumentsResponse>;

/** `GET /document/getProductByCustomer/:id`: the approved product families of a customer. */
export const ProductFamily = z.object({ parentChangeId: z.string(), productFamilyName: z.string() });
export type ProductFamily = z.infer<typeof ProductFamily>;
export const ProductsByCustomerResponse = z.object({ data: z.object({ list: z.array(ProductFamily) }) });
export type ProductsByCustomerResponse = z.infer<typeof ProductsByCustomerResponse>;

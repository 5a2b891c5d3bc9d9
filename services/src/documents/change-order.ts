import type {
  ChangeOrderRef,
  ChildDetails,
  ChildRecord,
  DocumentEvent,
  DocumentFile,
  DocumentStatus,
  FieldChange,
  ParentDetails,
  Role,
  Signature,
} from '@ifu/contracts';
import { defaultReviewDate, MAX_SUPPORTING_FILES, type PeriodicReviewOutcome, REVIEW_REMINDER_DAYS, addDays, reviewDateAllowed } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';
import { plainRejection } from '../platform/errors';
import { type ApproverFacts, approverChoiceRefusal, type Authorship, deciderRefusal, periodicReviewerRefusal } from '../signatures/approver-policy';

/** A child document as folded: its record, whether it is still active, and when it became obsolete. */
export interface ChildState extends ChildRecord {
  active: boolean;
  obsoleteDate: string | null;
  comments: string;
}

/** One change order folded from its `document-<parentChangeId>` stream. */
export interface ChangeOrderState {
  exists: boolean;
  active: boolean;
  parentChangeId: string;
  documentId: string;
  status: DocumentStatus;
  details: ParentDetails | null;
  logo: DocumentFile | null;
  files: DocumentFile[];
  /** Every child ever added, deactivated ones too (their numbers are never given again). */
  children: ChildState[];
  createdBy: string | null;
  lastEditedBy: string | null;
  /** The change order that revises this rejected one (issue 22), once its author started it. */
  revisedBy: ChangeOrderRef | null;
  /**
   * An Online/Offline change recorded as awaiting the approver's signature while switches of approved change orders
   * waited for one (issue 22); none is proposed any more (a switch takes effect at once and ends one left open), but one
   * left open in the log may still be signed or rejected. The value in force stays in `details`.
   */
  pendingAccessibility: PendingAccessibility | null;
  /** Issue 23: the day the next periodic review is due (`YYYY-MM-DD`), once approved; null when none is due. */
  reviewDate: string | null;
  /** The periodic review reminders recorded, as `<reviewDate>:<upcoming|due>` (each is sent once). */
  remindersSent: string[];
  /** The last periodic review concluded 'revise': its author may revise and resubmit the approved change order. */
  revisionAfterReview: boolean;
}

/** A proposed Online/Offline switch of an approved change order (issue 22). */
export interface PendingAccessibility {
  isInternal: boolean;
  requestedBy: string;
  reason: string;
}

const initialState = (): ChangeOrderState => ({
  exists: false,
  active: false,
  parentChangeId: '',
  documentId: '',
  status: 'REQUIRE_APPROVAL',
  details: null,
  logo: null,
  files: [],
  children: [],
  createdBy: null,
  lastEditedBy: null,
  revisedBy: null,
  pendingAccessibility: null,
  reviewDate: null,
  remindersSent: [],
  revisionAfterReview: false,
});

const updateChild = (state: ChangeOrderState, childDocumentId: string, change: (child: ChildState) => ChildState): ChildState[] =>
  state.children.map((child) => (child.childDocumentId === childDocumentId ? change(child) : child));

export function evolve(state: ChangeOrderState, event: DocumentEvent): ChangeOrderState {
  switch (event.type) {
    case 'ChangeOrderCreated': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        active: true,
        parentChangeId: d.parentChangeId,
        documentId: d.documentId,
        status: 'REQUIRE_APPROVAL',
        details: d.details,
        logo: d.logo,
        files: d.files,
        createdBy: d.createdBy,
        lastEditedBy: d.createdBy,
      };
    }
    case 'ChildDocumentAdded':
      return {
        ...state,
        children: [...state.children, { ...event.data.child, active: true, obsoleteDate: null, comments: event.data.comments }],
        lastEditedBy: event.data.editedBy,
      };
    case 'ChangeOrderUpdated':
      return { ...state, details: event.data.details, lastEditedBy: event.data.editedBy };
    case 'ChangeOrderLogoChanged':
      return { ...state, logo: event.data.logo, lastEditedBy: event.data.editedBy };
    case 'SupportingFilesAdded':
      return { ...state, files: [...state.files, ...event.data.files], lastEditedBy: event.data.editedBy };
    case 'SupportingFileDeleted':
      return { ...state, files: state.files.filter((f) => f.fileId !== event.data.file.fileId), lastEditedBy: event.data.editedBy };
    case 'ChildDocumentUpdated': {
      const d = event.data;
      return {
        ...state,
        children: updateChild(state, d.childDocumentId, (child) => ({ ...child, ...d.details, file: d.file ?? child.file, comments: d.comments })),
        lastEditedBy: d.editedBy,
      };
    }
    case 'ChildDocumentDeactivated':
      return {
        ...state,
        children: updateChild(state, event.data.childDocumentId, (child) => ({ ...child, active: false, obsoleteDate: event.data.obsoleteDate })),
        lastEditedBy: event.data.editedBy,
      };
    case 'ChangeOrderDeactivated':
      return { ...state, active: false, lastEditedBy: event.data.editedBy };
    case 'ChangeOrderApproved':
      return { ...state, status: 'APPROVED', reviewDate: approvalReviewDate(event.data) };
    case 'ChangeOrderRejected':
      return { ...state, status: 'REJECTED' };
    case 'ChangeOrderAccessibilityChanged':
      return { ...state, details: { ...state.details!, isInternal: event.data.isInternal }, pendingAccessibility: null };
    case 'ChangeOrderAccessibilityProposed':
      return { ...state, pendingAccessibility: { isInternal: event.data.isInternal, requestedBy: event.data.requestedBy, reason: event.data.reason } };
    case 'ChangeOrderAccessibilityRejected':
      return { ...state, pendingAccessibility: null };
    case 'ChangeOrderRevised':
      return { ...state, revisedBy: event.data.revision };
    case 'PeriodicReviewDateChanged':
      return { ...state, reviewDate: event.data.reviewDate };
    case 'PeriodicReviewReminderSent':
      return { ...state, remindersSent: [...state.remindersSent, reminderKey(event.data.reviewDate, event.data.reminder)] };
    case 'PeriodicReviewCompleted':
      return { ...state, reviewDate: event.data.nextReviewDate, revisionAfterReview: event.data.outcome === 'revise' };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The first review date of an approval: as recorded, or (approvals recorded before issue 23) 12 months after it. */
export const approvalReviewDate = (approved: { approvedDate: string; reviewDate?: string }) => approved.reviewDate ?? defaultReviewDate(approved.approvedDate.slice(0, 10));

const reminderKey = (reviewDate: string, reminder: 'upcoming' | 'due') => `${reviewDate}:${reminder}`;

/** The chosen customer as it is now: documents are only made for approved customers. */
export interface CustomerFacts {
  id: string;
  status: string;
}

/** What every authoring command carries: the author's signature and comments, and who they are. */
interface Authored {
  signature: Signature;
  comments: string;
  actorUserId: string;
}

export interface CreateChangeOrder extends Authored {
  type: 'CreateChangeOrder';
  parentChangeId: string;
  documentId: string;
  approvalRoutingNumber: string;
  details: ParentDetails;
  logo: DocumentFile;
  files: DocumentFile[];
  /** The children in the order the author saved them; their document numbers are assigned here. */
  children: (ChildDetails & { childDocumentId: string; file: DocumentFile })[];
  customer: CustomerFacts | undefined;
  approver: ApproverFacts | undefined;
  /** Revise and resubmit (issue 22): the rejected change order this one revises. */
  revises?: ChangeOrderRef;
  /** Issue 23: `revises` is an approved change order whose periodic review concluded 'revise'. */
  revisesApproved?: boolean;
}

export interface UpdateParent extends Authored {
  type: 'UpdateParent';
  details: ParentDetails;
  logo?: DocumentFile;
  addFiles: DocumentFile[];
  /** Facts about the customer and approver chosen; checked only when they change. */
  customer: CustomerFacts | undefined;
  approver: ApproverFacts | undefined;
}

export interface AddSupportingFiles extends Authored {
  type: 'AddSupportingFiles';
  files: DocumentFile[];
}

export interface DeleteSupportingFile extends Authored {
  type: 'DeleteSupportingFile';
  fileId: string;
}

export interface AddChild extends Authored {
  type: 'AddChild';
  childDocumentId: string;
  details: ChildDetails;
  file: DocumentFile;
}

export interface UpdateChild extends Authored {
  type: 'UpdateChild';
  childDocumentId: string;
  details: ChildDetails;
  file?: DocumentFile;
}

export interface DeactivateChild extends Authored {
  type: 'DeactivateChild';
  childDocumentId: string;
  /** `YYYY-MM-DD`: the day the child stops being current (spec §9: the obsolete date is the day of the submit). */
  today: string;
}

export interface DeactivateChangeOrder extends Authored {
  type: 'DeactivateChangeOrder';
  today: string;
}

/**
 * The assigned approver's signed decision. `opened` holds what the signer has opened through the download call, as
 * `fileId:sha256` (a file changed since it was opened counts as unopened); every supporting file and every active
 * child's file must be in it.
 */
export interface DecideChangeOrder {
  type: 'DecideChangeOrder';
  approve: boolean;
  /** The approver id the request names, when it names one (spec §7.3 approverId): it must be the signer. */
  approverIdGiven?: string;
  signature: Signature;
  signerRole: Role;
  reason: string;
  opened: ReadonlySet<string>;
  now: Date;
  /** Issue 23: the first periodic review date the approver chose (`YYYY-MM-DD`); by default 12 months after today. */
  reviewDate?: string;
}

/** An ADMIN switches a decided change order Online or Offline (spec §4); the role is the actor's now. */
export interface ChangeAccessibility {
  type: 'ChangeAccessibility';
  isInternal: boolean;
  /**
   * Why, as the ADMIN gave it: the screens ask for it; the spec's payload has no field for it, so over the API it may
   * be left out (recorded as not given).
   */
  reason?: string;
  actorUserId: string;
  actorRole: Role;
}

/**
 * Issue 22: the change order's approver signs (`approve`, meaning `approval`) or rejects (meaning `rejection`, with a
 * reason) an Online/Offline change of an approved change order proposed while such switches waited for a signature.
 */
export interface DecideAccessibility {
  type: 'DecideAccessibility';
  approve: boolean;
  signature: Signature;
  signerRole: Role;
  reason: string;
}

/**
 * Revise and resubmit (issue 22), on the rejected change order's stream: its author starts `revision`, a new change
 * order prefilled from it. `earlierRevisionStands` is whether a revision already recorded blocks another: its change
 * order exists, or its creation may still be under way (platform/unique-claims.ts, CLAIM_UNDER_WAY_MS); one whose
 * creation failed does not.
 */
export interface ReviseChangeOrder {
  type: 'ReviseChangeOrder';
  revision: ChangeOrderRef;
  actorUserId: string;
  earlierRevisionStands: boolean;
}

/** Issue 23: the author or an ADMIN (their role now) moves the periodic review date of an approved change order. */
export interface SetReviewDate {
  type: 'SetReviewDate';
  reviewDate: string;
  reason: string;
  actorUserId: string;
  actorRole: Role;
  /** Today (UTC), from the command's clock: the date must be after it and at most 5 years ahead. */
  today: string;
}

/**
 * Issue 23: the daily job's reminder of the review date. `upcoming` from 30 days before the review date, `due` from the
 * day itself (a day the job missed is caught up the next day); each once per review date. `recipients`: the author and
 * the approver as active accounts now (user ids); with none, nothing is recorded.
 */
export interface RemindPeriodicReview {
  type: 'RemindPeriodicReview';
  today: string;
  recipients: string[];
}

/** Issue 23: the signed periodic review (meaning `periodic-review`) and its outcome. */
export interface CompletePeriodicReview {
  type: 'CompletePeriodicReview';
  outcome: PeriodicReviewOutcome;
  /** For 'still-valid': the next review date chosen; by default 12 months after today. */
  nextReviewDate?: string;
  comments: string;
  signature: Signature;
  signerRole: Role;
  today: string;
}

export type ChangeOrderCommand =
  | SetReviewDate
  | RemindPeriodicReview
  | CompletePeriodicReview
  | ReviseChangeOrder
  | CreateChangeOrder
  | UpdateParent
  | AddSupportingFiles
  | DeleteSupportingFile
  | AddChild
  | UpdateChild
  | DeactivateChild
  | DeactivateChangeOrder
  | DecideChangeOrder
  | ChangeAccessibility
  | DecideAccessibility;

const PARENT_FIELDS: (keyof ParentDetails)[] = [
  'productFamilyName',
  'productFamilyDescription',
  'changeDescription',
  'changeJustification',
  'changeType',
  'customerId',
  'approverId',
  'isInternal',
  'effectiveDate',
  'basicUdiDi',
  'safetyRevision',
];
/** A change order recorded before a parent field existed had its default: no safety revision (issue 20). */
const parentWithDefaults = (details: ParentDetails): ParentDetails => ({ ...details, safetyRevision: details.safetyRevision ?? false });
const CHILD_FIELDS: (keyof ChildDetails)[] = [
  'associatedReferenceNumber',
  'productSubFamilyNameOne',
  'productSubFamilyNameTwo',
  'billMaterialInformation',
  'keywords',
  'countryList',
  'languageList',
  'changeDescription',
  'changeJustification',
  'gtin',
  'additionalLots',
  'serialRanges',
];

/** A field an older event did not carry (the product identifiers of issue 20) was empty. */
const valueOf = (value: unknown) => (value === undefined ? '' : String(value));

function changesOf<T extends object>(before: T, after: T, fields: (keyof T)[]): FieldChange[] {
  return fields
    .filter((field) => valueOf(before[field]) !== valueOf(after[field]))
    .map((field) => ({ field: String(field), old: valueOf(before[field]), new: valueOf(after[field]) }));
}

/** `CO-2026-00042-01`: the change order's number and the child's place in it, never given twice. */
export const childDocumentNumber = (documentId: string, place: number) => `${documentId}-${String(place).padStart(2, '0')}`;

/**
 * Authoring is allowed only on an active change order still awaiting its decision (spec §4); the screens ask the
 * same question (`editable`), so it is written once.
 */
export function authoringRefusal(state: Pick<ChangeOrderState, 'exists' | 'active' | 'status'>) {
  if (!state.exists || !state.active) return 'document-not-found' as const;
  if (state.status !== 'REQUIRE_APPROVAL') return 'document-decided' as const;
  return undefined;
}

// More codes than TypeScript relates member by member (25): a plain rejection, the code checked by `plain`'s list.
const refused = (code: Parameters<typeof plain>[0]): Decision<DocumentEvent> => ({ events: [], rejection: plainRejection(plain(code).code) });
const plain = (
  code:
    | 'document-exists'
    | 'document-not-found'
    | 'document-decided'
    | 'child-not-found'
    | 'supporting-file-not-found'
    | 'too-many-supporting-files'
    | 'last-child'
    | 'approver-not-eligible'
    | 'customer-not-approved'
    | 'not-the-document-approver'
    | 'signer-not-admin'
    | 'approver-is-author'
    | 'document-undecided'
    | 'admin-only'
    | 'revise-not-rejected'
    | 'revise-not-author'
    | 'accessibility-not-pending'
    | 'accessibility-requester-decides'
    | 'accessibility-reason-required'
    | 'review-not-approved'
    | 'review-date-out-of-range'
    | 'next-review-date-out-of-range'
    | 'review-date-not-allowed'
    | 'reviewer-not-admin'
    | 'reviewer-is-author'
    | 'review-revision-open',
) => ({ code });

/** The key a download records a file under: the same file id at other content is another file to open. */
export const openedKey = (file: Pick<DocumentFile, 'fileId' | 'sha256'>) => `${file.fileId}:${file.sha256}`;

/** The files a decision needs opened: every supporting file and every active child's file, as they are now. */
export function filesToReview(state: { files: readonly DocumentFile[]; children: readonly { active: boolean; file: DocumentFile }[] }): DocumentFile[] {
  return [...state.files, ...state.children.filter((child) => child.active).map((child) => child.file)];
}

/** A file a decision still needs opened, named by the id the download call takes (`GET /document/getDocumentDownload/:id`). */
export interface FileToOpen {
  /** A supporting file's id, or a child document's id (its file's own id is not one the download call knows). */
  fileId: string;
  docName: string;
}

/**
 * The files a decision needs opened that `opened` (`fileId:sha256` keys) does not hold: every supporting file and
 * every active child's file, as they are now.
 */
export function filesToOpen(
  state: { files: readonly DocumentFile[]; children: readonly { active: boolean; childDocumentId: string; file: DocumentFile }[] },
  opened: ReadonlySet<string>,
): FileToOpen[] {
  return [
    ...state.files.filter((file) => !opened.has(openedKey(file))).map(({ fileId, docName }) => ({ fileId, docName })),
    ...state.children
      .filter((child) => child.active && !opened.has(openedKey(child.file)))
      .map((child) => ({ fileId: child.childDocumentId, docName: child.file.docName })),
  ];
}

function decideCreate(state: ChangeOrderState, command: CreateChangeOrder): Decision<DocumentEvent> {
  if (state.exists) return refused('document-exists');
  if (command.files.length > MAX_SUPPORTING_FILES) return refused('too-many-supporting-files');
  if (command.customer?.status !== 'APPROVED') return refused('customer-not-approved');
  const choice = approverChoiceRefusal(command.approver, { actorUserId: command.actorUserId, createdBy: null });
  if (choice) return refused(choice);
  const signed = { parentChangeId: command.parentChangeId, documentId: command.documentId, signature: command.signature, comments: command.comments };
  return {
    events: [
      {
        type: 'ChangeOrderCreated',
        data: {
          ...signed,
          approvalRoutingNumber: command.approvalRoutingNumber,
          details: command.details,
          logo: command.logo,
          files: command.files,
          createdBy: command.actorUserId,
          ...(command.revises ? { revises: command.revises } : {}),
          ...(command.revises && command.revisesApproved ? { revisesApproved: true } : {}),
        },
      },
      ...command.children.map(
        ({ childDocumentId, file, ...details }, index): DocumentEvent => ({
          type: 'ChildDocumentAdded',
          data: {
            ...signed,
            child: { ...details, childDocumentId, file, documentNumber: childDocumentNumber(command.documentId, index + 1) },
            editedBy: command.actorUserId,
          },
        }),
      ),
    ],
  };
}

const signedBy = (state: ChangeOrderState, command: Authored) => ({
  parentChangeId: state.parentChangeId,
  documentId: state.documentId,
  signature: command.signature,
  comments: command.comments,
  editedBy: command.actorUserId,
});

function decideUpdateParent(state: ChangeOrderState, command: UpdateParent): Decision<DocumentEvent> {
  const details = state.details!;
  if (state.files.length + command.addFiles.length > MAX_SUPPORTING_FILES) return refused('too-many-supporting-files');
  if (command.details.customerId !== details.customerId && command.customer?.status !== 'APPROVED') return refused('customer-not-approved');
  const choice =
    command.details.approverId === details.approverId ? undefined : approverChoiceRefusal(command.approver, { actorUserId: command.actorUserId, createdBy: state.createdBy });
  if (choice) return refused(choice);
  const signed = signedBy(state, command);
  const events: DocumentEvent[] = [];
  const changes = changesOf(parentWithDefaults(details), parentWithDefaults(command.details), PARENT_FIELDS);
  if (changes.length > 0) events.push({ type: 'ChangeOrderUpdated', data: { ...signed, details: command.details, changes } });
  if (command.logo && command.logo.sha256 !== state.logo?.sha256) {
    events.push({ type: 'ChangeOrderLogoChanged', data: { ...signed, logo: command.logo, previous: state.logo! } });
  }
  if (command.addFiles.length > 0) events.push({ type: 'SupportingFilesAdded', data: { ...signed, files: command.addFiles } });
  return { events };
}

function decideAddFiles(state: ChangeOrderState, command: AddSupportingFiles): Decision<DocumentEvent> {
  if (state.files.length + command.files.length > MAX_SUPPORTING_FILES) return refused('too-many-supporting-files');
  return { events: [{ type: 'SupportingFilesAdded', data: { ...signedBy(state, command), files: command.files } }] };
}

function decideDeleteFile(state: ChangeOrderState, command: DeleteSupportingFile): Decision<DocumentEvent> {
  const file = state.files.find((f) => f.fileId === command.fileId);
  if (!file) return refused('supporting-file-not-found');
  return { events: [{ type: 'SupportingFileDeleted', data: { ...signedBy(state, command), file } }] };
}

function decideAddChild(state: ChangeOrderState, command: AddChild): Decision<DocumentEvent> {
  const documentNumber = childDocumentNumber(state.documentId, state.children.length + 1);
  return {
    events: [
      {
        type: 'ChildDocumentAdded',
        data: { ...signedBy(state, command), child: { ...command.details, childDocumentId: command.childDocumentId, documentNumber, file: command.file } },
      },
    ],
  };
}

function decideUpdateChild(state: ChangeOrderState, command: UpdateChild): Decision<DocumentEvent> {
  const child = state.children.find((c) => c.childDocumentId === command.childDocumentId && c.active);
  if (!child) return refused('child-not-found');
  const changes = changesOf<ChildDetails>(child, command.details, CHILD_FIELDS);
  const newFile = command.file && command.file.sha256 !== child.file.sha256 ? command.file : undefined;
  if (newFile) changes.push({ field: 'file', old: `${child.file.docName} (${child.file.sha256})`, new: `${newFile.docName} (${newFile.sha256})` });
  return {
    events: [
      {
        type: 'ChildDocumentUpdated',
        data: {
          ...signedBy(state, command),
          childDocumentId: child.childDocumentId,
          documentNumber: child.documentNumber,
          details: command.details,
          ...(newFile ? { file: newFile, previousFile: child.file } : {}),
          changes,
        },
      },
    ],
  };
}

function decideDeactivateChild(state: ChangeOrderState, command: DeactivateChild): Decision<DocumentEvent> {
  const child = state.children.find((c) => c.childDocumentId === command.childDocumentId && c.active);
  if (!child) return refused('child-not-found');
  if (state.children.filter((c) => c.active).length === 1) return refused('last-child');
  return {
    events: [
      {
        type: 'ChildDocumentDeactivated',
        data: { ...signedBy(state, command), childDocumentId: child.childDocumentId, documentNumber: child.documentNumber, obsoleteDate: command.today },
      },
    ],
  };
}

function decideDeactivate(state: ChangeOrderState, command: DeactivateChangeOrder): Decision<DocumentEvent> {
  return { events: [{ type: 'ChangeOrderDeactivated', data: { ...signedBy(state, command), obsoleteDate: command.today } }] };
}

/**
 * Who may decide on a change order (the approver policy, `signatures/approver-policy.ts`), with its code for someone
 * other than the assigned approver.
 */
function deciderCode(record: Authorship & { approverId: string }, signer: { id: string; role: Role }) {
  const refusal = deciderRefusal(record, signer);
  return refusal === 'not-assigned' ? ('not-the-document-approver' as const) : refusal;
}

/**
 * Whether `viewer` may approve or reject this change order now: what the view's `mayDecide` and the list's rows answer,
 * by the rules the decision applies (the files to open aside: the view names those in `unopened`).
 */
export function mayDecide(
  record: Authorship & { active: boolean; status: DocumentStatus; approverId: string },
  viewer: { id: string; role: Role },
): boolean {
  return authoringRefusal({ exists: true, ...record }) === undefined && deciderCode(record, viewer) === undefined;
}

function decideDecision(state: ChangeOrderState, command: DecideChangeOrder): Decision<DocumentEvent> {
  const refusal = authoringRefusal(state);
  if (refusal) return refused(refusal);
  const signerId = command.signature.signerId;
  if (command.approverIdGiven !== undefined && command.approverIdGiven !== signerId) return refused('not-the-document-approver');
  const decider = deciderCode({ ...state, approverId: state.details!.approverId }, { id: signerId, role: command.signerRole });
  if (decider) return refused(decider);
  const unopened = filesToOpen(state, command.opened);
  if (unopened.length > 0) return { events: [], rejection: { code: 'files-not-opened', unopened } };
  const today = command.now.toISOString().slice(0, 10);
  if (command.approve && command.reviewDate !== undefined && !reviewDateAllowed(command.reviewDate, today)) return refused('review-date-out-of-range');
  const signed = { parentChangeId: state.parentChangeId, documentId: state.documentId, signature: command.signature, comments: '' };
  const reviewDate = command.reviewDate ?? defaultReviewDate(today);
  return {
    events: [
      command.approve
        ? {
            type: 'ChangeOrderApproved',
            data: { ...signed, approvedDate: command.now.toISOString(), ...(command.reason ? { reason: command.reason } : {}), reviewDate },
          }
        : { type: 'ChangeOrderRejected', data: { ...signed, reason: command.reason } },
    ],
  };
}

function decideAccessibility(state: ChangeOrderState, command: ChangeAccessibility): Decision<DocumentEvent> {
  if (!state.exists || !state.active) return refused('document-not-found');
  if (command.actorRole !== 'ADMIN') return refused('admin-only');
  if (state.status === 'REQUIRE_APPROVAL') return refused('document-undecided');
  // Spec §4: the switch of a decided change order takes effect at once, approved or rejected, in both directions. Taking
  // a document Offline is how a field action pulls an IFU: it waits for no one's signature (nor does a switch back).
  const previous = state.details!.isInternal;
  if (previous === command.isInternal) return { events: [] };
  const reason = command.reason?.trim();
  return {
    events: [
      {
        type: 'ChangeOrderAccessibilityChanged',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          isInternal: command.isInternal,
          previous,
          changedBy: command.actorUserId,
          ...(reason ? { reason } : {}),
        },
      },
    ],
  };
}

/**
 * Who may sign or reject a pending Online/Offline change (issue 22): the approver policy (the assigned approver, an
 * ADMIN now, not an author) with the requester counted as the change's author. The view's `mayDecideAccessibility`.
 */
export function accessibilityDecisionRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'createdBy' | 'pendingAccessibility'> & { approverId: string },
  signer: { id: string; role: Role },
) {
  if (!state.exists || !state.active) return 'document-not-found' as const;
  if (!state.pendingAccessibility) return 'accessibility-not-pending' as const;
  if (signer.id === state.pendingAccessibility.requestedBy) return 'accessibility-requester-decides' as const;
  return deciderCode({ createdBy: state.createdBy, lastEditedBy: state.pendingAccessibility.requestedBy, approverId: state.approverId }, signer);
}

function decideAccessibilityChange(state: ChangeOrderState, command: DecideAccessibility): Decision<DocumentEvent> {
  const refusal = accessibilityDecisionRefusal({ ...state, approverId: state.details?.approverId ?? '' }, { id: command.signature.signerId, role: command.signerRole });
  if (refusal) return refused(refusal);
  if (!command.approve && !command.reason.trim()) return refused('accessibility-reason-required');
  const pending = state.pendingAccessibility!;
  const data = { parentChangeId: state.parentChangeId, documentId: state.documentId, isInternal: pending.isInternal };
  if (!command.approve) {
    return { events: [{ type: 'ChangeOrderAccessibilityRejected', data: { ...data, requestedBy: pending.requestedBy, reason: command.reason, signature: command.signature } }] };
  }
  const changed = { ...data, previous: state.details!.isInternal, changedBy: pending.requestedBy, reason: pending.reason, signature: command.signature };
  return { events: [{ type: 'ChangeOrderAccessibilityChanged', data: changed }] };
}

/**
 * Who may revise a rejected change order and when (issue 22): only while it is rejected and active, only its author
 * (the creator; an ADMIN's role gives no authority over another's document), and once (a second revision is refused
 * while the first stands). The screens ask the same question (`mayRevise`).
 */
export function revisionRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy' | 'revisedBy' | 'revisionAfterReview'>,
  actorUserId: string,
  earlierRevisionStands: boolean,
) {
  if (!state.exists || !state.active) return { code: 'document-not-found' as const };
  // Issue 23: an approved change order whose periodic review concluded 'revise' is revised like a rejected one; it
  // stays approved (and public) until its revision is approved.
  if (state.status !== 'REJECTED' && !(state.status === 'APPROVED' && state.revisionAfterReview)) return { code: 'revise-not-rejected' as const };
  if (state.createdBy !== actorUserId) return { code: 'revise-not-author' as const };
  if (state.revisedBy && earlierRevisionStands) return { code: 'already-revised' as const, documentId: state.revisedBy.documentId };
  return undefined;
}

function decideRevise(state: ChangeOrderState, command: ReviseChangeOrder): Decision<DocumentEvent> {
  const rejection = revisionRefusal(state, command.actorUserId, command.earlierRevisionStands);
  if (rejection) return { events: [], rejection };
  return {
    events: [
      {
        type: 'ChangeOrderRevised',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          revision: command.revision,
          revisedBy: command.actorUserId,
          ...(state.status === 'APPROVED' ? { after: 'periodic-review' as const } : {}),
        },
      },
    ],
  };
}

/** Issue 23: the periodic review applies to an active, approved change order. */
function reviewRefusal(state: Pick<ChangeOrderState, 'exists' | 'active' | 'status'>) {
  if (!state.exists || !state.active) return 'document-not-found' as const;
  if (state.status !== 'APPROVED') return 'review-not-approved' as const;
  return undefined;
}

/**
 * Who may move the review date (issue 23): the change order's author (its creator) or an ADMIN (their role now), on an
 * active approved change order. The view's `maySetDate`.
 */
export function reviewDateRefusal(state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy'>, actor: { id: string; role: Role }) {
  const refusal = reviewRefusal(state);
  if (refusal) return refusal;
  if (actor.id !== state.createdBy && actor.role !== 'ADMIN') return 'review-date-not-allowed' as const;
  return undefined;
}

function decideSetReviewDate(state: ChangeOrderState, command: SetReviewDate): Decision<DocumentEvent> {
  const refusal = reviewDateRefusal(state, { id: command.actorUserId, role: command.actorRole });
  if (refusal) return refused(refusal);
  if (!reviewDateAllowed(command.reviewDate, command.today)) return refused('review-date-out-of-range');
  if (command.reviewDate === state.reviewDate) return { events: [] };
  return {
    events: [
      {
        type: 'PeriodicReviewDateChanged',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          reviewDate: command.reviewDate,
          previous: state.reviewDate,
          changedBy: command.actorUserId,
          reason: command.reason,
        },
      },
    ],
  };
}

/** Which reminder of the review date is due on `today`, if any: `due` from the day, `upcoming` from 30 days before. */
export function reminderDue(reviewDate: string | null, today: string): 'upcoming' | 'due' | undefined {
  if (reviewDate === null) return undefined;
  if (today >= reviewDate) return 'due';
  if (today >= addDays(reviewDate, -REVIEW_REMINDER_DAYS)) return 'upcoming';
  return undefined;
}

function decideRemind(state: ChangeOrderState, command: RemindPeriodicReview): Decision<DocumentEvent> {
  if (reviewRefusal(state) || command.recipients.length === 0) return { events: [] };
  const reminder = reminderDue(state.reviewDate, command.today);
  if (!reminder || state.remindersSent.includes(reminderKey(state.reviewDate!, reminder))) return { events: [] };
  // The day itself passed: the 30-day reminder is no longer news.
  return {
    events: [
      {
        type: 'PeriodicReviewReminderSent',
        data: { parentChangeId: state.parentChangeId, documentId: state.documentId, reviewDate: state.reviewDate!, reminder, recipients: command.recipients },
      },
    ],
  };
}

/**
 * Who may sign the periodic review (issue 23; `signatures/approver-policy.ts`): an active ADMIN now, neither the change
 * order's creator nor its last editor, on an approved active change order whose review has not already concluded
 * 'revise'. The view's `mayComplete`.
 */
export function periodicReviewRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy' | 'lastEditedBy' | 'revisionAfterReview'>,
  signer: { id: string; role: Role },
) {
  const refusal = reviewRefusal(state);
  if (refusal) return refusal;
  const reviewer = periodicReviewerRefusal(state, signer);
  if (reviewer) return reviewer === 'signer-not-admin' ? ('reviewer-not-admin' as const) : ('reviewer-is-author' as const);
  if (state.revisionAfterReview) return 'review-revision-open' as const;
  return undefined;
}

function decideCompleteReview(state: ChangeOrderState, command: CompletePeriodicReview): Decision<DocumentEvent> {
  const refusal = periodicReviewRefusal(state, { id: command.signature.signerId, role: command.signerRole });
  if (refusal) return refused(refusal);
  let nextReviewDate: string | null = null;
  if (command.outcome === 'still-valid') {
    if (command.nextReviewDate !== undefined && !reviewDateAllowed(command.nextReviewDate, command.today)) return refused('next-review-date-out-of-range');
    nextReviewDate = command.nextReviewDate ?? defaultReviewDate(command.today);
  }
  return {
    events: [
      {
        type: 'PeriodicReviewCompleted',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          signature: command.signature,
          comments: command.comments,
          outcome: command.outcome,
          reviewDate: state.reviewDate,
          nextReviewDate,
        },
      },
    ],
  };
}

/** The change order aggregate (`document-<parentChangeId>`): authoring while undecided, each step signed. */
export const changeOrderDecider: Decider<ChangeOrderCommand, DocumentEvent, ChangeOrderState> = {
  name: 'change-order',
  initialState,
  evolve,
  decide(command, state) {
    if (command.type === 'CreateChangeOrder') return decideCreate(state, command);
    if (command.type === 'DecideChangeOrder') return decideDecision(state, command);
    if (command.type === 'ChangeAccessibility') return decideAccessibility(state, command);
    if (command.type === 'DecideAccessibility') return decideAccessibilityChange(state, command);
    if (command.type === 'ReviseChangeOrder') return decideRevise(state, command);
    if (command.type === 'SetReviewDate') return decideSetReviewDate(state, command);
    if (command.type === 'RemindPeriodicReview') return decideRemind(state, command);
    if (command.type === 'CompletePeriodicReview') return decideCompleteReview(state, command);
    const refusal = authoringRefusal(state);
    if (refusal) return refused(refusal);
    switch (command.type) {
      case 'UpdateParent':
        return decideUpdateParent(state, command);
      case 'AddSupportingFiles':
        return decideAddFiles(state, command);
      case 'DeleteSupportingFile':
        return decideDeleteFile(state, command);
      case 'AddChild':
        return decideAddChild(state, command);
      case 'UpdateChild':
        return decideUpdateChild(state, command);
      case 'DeactivateChild':
        return decideDeactivateChild(state, command);
      case 'DeactivateChangeOrder':
        return decideDeactivate(state, command);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

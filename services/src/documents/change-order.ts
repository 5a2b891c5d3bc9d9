import type { ChangeOrderRef, ChildRecord, DocumentEvent, DocumentFile, DocumentStatus, ParentDetails, Role, Signature } from '@ifu/contracts';
import { defaultReviewDate } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';
import { plainRejection } from '../platform/errors';
import { type Authorship, deciderRefusal } from '../auth';

/**
 * The change order aggregate (`document-<parentChangeId>` streams): its state and `evolve`, and the rules more than one
 * use case applies. Each use case (authoring/, decision/, accessibility/, revision/, periodic-review/) decides its own
 * commands on this state through `changeOrderDeciderOf`: one fold, one snapshot key, whichever use case loads it.
 */

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
  /** The change order that revises this rejected one, once its author started it. */
  revisedBy: ChangeOrderRef | null;
  /**
   * An Online/Offline change recorded as awaiting the approver's signature while switches of approved change orders
   * waited for one; none is proposed any more (a switch takes effect at once and ends one left open), but one
   * left open in the log may still be signed or rejected. The value in force stays in `details`.
   */
  pendingAccessibility: PendingAccessibility | null;
  /** The day the next periodic review is due (`YYYY-MM-DD`), once approved; null when none is due. */
  reviewDate: string | null;
  /** The periodic review reminders recorded, as `<reviewDate>:<upcoming|due>` (each is sent once). */
  remindersSent: string[];
  /** The last periodic review concluded 'revise': its author may revise and resubmit the approved change order. */
  revisionAfterReview: boolean;
}

/** A proposed Online/Offline switch of an approved change order. */
export interface PendingAccessibility {
  isInternal: boolean;
  requestedBy: string;
  reason: string;
}

export const initialState = (): ChangeOrderState => ({
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
    case 'ChangeOrderApproverReassigned':
      return { ...state, details: { ...state.details!, approverId: event.data.to } };
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

/** The first review date of an approval: as recorded, or (approvals recorded before review dates existed) 12 months after it. */
export const approvalReviewDate = (approved: { approvedDate: string; reviewDate?: string }) => approved.reviewDate ?? defaultReviewDate(approved.approvedDate.slice(0, 10));

export const reminderKey = (reviewDate: string, reminder: 'upcoming' | 'due') => `${reviewDate}:${reminder}`;


/** The change order's decider for one use case's commands: the same state, `evolve` and snapshots for all of them. */
export const changeOrderDeciderOf = <Command>(decide: (command: Command, state: ChangeOrderState) => Decision<DocumentEvent>): Decider<Command, DocumentEvent, ChangeOrderState> => ({
  name: 'change-order',
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
});

/** The chosen customer as it is now: documents are only made for approved customers. */
export interface CustomerFacts {
  id: string;
  status: string;
}

/** What every authoring command carries: the author's signature and comments, and who they are. */
export interface Authored {
  signature: Signature;
  comments: string;
  actorUserId: string;
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
export const refused = (code: Parameters<typeof plain>[0]): Decision<DocumentEvent> => ({ events: [], rejection: plainRejection(plain(code).code) });
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
    | 'review-revision-open'
    | 'admin-only'
    | 'reassign-not-waiting'
    | 'reassign-same-approver'
    | 'reassign-to-self'
    | 'reassign-approver-not-eligible',
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

/**
 * Who may decide on a change order (the approver policy, `auth/approver-policy.ts`), with its code for someone
 * other than the assigned approver.
 */
export function deciderCode(record: Authorship & { approverId: string }, signer: { id: string; role: Role }) {
  const refusal = deciderRefusal(record, signer);
  return refusal === 'not-assigned' ? ('not-the-document-approver' as const) : refusal;
}

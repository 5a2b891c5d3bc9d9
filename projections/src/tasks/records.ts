import {
  AUDIT_TRAIL_REVIEWS_STREAM,
  type AuditTrailReviewEvent,
  type BootstrapEvent,
  type CustomerEvent,
  defaultReviewDate,
  type DocumentEvent,
  type PaperCopyEvent,
} from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';

/**
 * What the tasks read model keeps of each record a task can come from (`task_records.state`): only the facts its
 * tasks need, folded from the record's events by `evolveRecord` (pure). The tasks themselves are derived from it
 * (`tasksOf`, task-rows.ts), so a record's tasks are always what its facts say now.
 */

/** A change order (`document-<parentChangeId>`). */
export interface ChangeOrderFacts {
  kind: 'change-order';
  parentChangeId: string;
  documentId: string;
  productFamilyName: string;
  status: 'REQUIRE_APPROVAL' | 'APPROVED' | 'REJECTED';
  active: boolean;
  /** The approver whose signature it waits for: the one place a reassignment changes (`withApprover`). */
  approverId: string;
  /** Since when it waits for that approver. */
  waitingSince: string;
  createdBy: string;
  lastEditedBy: string;
  /** When it was approved or rejected, and a rejection's reason. */
  decidedAt: string | null;
  reason: string | null;
  /** Its author started a revision (ChangeOrderRevised): nothing is left to revise. */
  revised: boolean;
  /** The day its next periodic review is due, once approved; null when none is. */
  reviewDate: string | null;
  /** Its last periodic review concluded 'revise': its author revises it; no review is due meanwhile. */
  revisionAfterReview: boolean;
  reviewConcludedAt: string | null;
}

/** A pending change to an approved customer. */
export interface PendingCustomerChangeFacts {
  /** The approver the proposed record names: the one who decides the change. */
  approverId: string;
  proposedAt: string;
}

/** A customer (`customer-<id>`). */
export interface CustomerFacts {
  kind: 'customer';
  customerId: string;
  customerName: string;
  status: 'REQUIRE_APPROVAL' | 'APPROVED' | 'REJECTED';
  /** The approver of the customer's approval (while it is not approved). */
  approverId: string;
  /**
   * Since when it waits for a decision: its registration, or the first edit after a rejection (a rejection is a
   * decision; an edit of the rejected customer asks for one again). Null while nothing waits.
   */
  waitingSince: string | null;
  createdBy: string | null;
  lastEditedBy: string | null;
  pending: PendingCustomerChangeFacts | null;
}

/** A paper-copy request (`paper-copy-<requestId>`). */
export interface PaperCopyFacts {
  kind: 'paper-copy';
  requestId: string;
  documentNumber: string;
  docName: string;
  quantity: number;
  requestedAt: string;
  dueDate: string;
  open: boolean;
}

/** The audit trail's reviews (`audit-trail-reviews`), begun by the log's first event (`SystemBootstrapped`). */
export interface AuditTrailFacts {
  kind: 'audit-trail';
  /** The end of the reviewed ranges: the latest moment any signed review covers, or the log's start before any. */
  reviewedUntil: string;
}

export type TaskRecord = ChangeOrderFacts | CustomerFacts | PaperCopyFacts | AuditTrailFacts;

/** The events the tasks read model reads. */
export type TaskSourceEvent = DocumentEvent | CustomerEvent | PaperCopyEvent | AuditTrailReviewEvent | BootstrapEvent;

/** The record an event belongs to: its stream, except that the log's bootstrap begins the audit trail's record. */
export const recordKeyOf = (event: ProjectedEvent): string => (event.type === 'SystemBootstrapped' ? AUDIT_TRAIL_REVIEWS_STREAM : event.streamId);

const DAY_MS = 86_400_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The start of a `DD-MMM-YYYY` day (UTC), as the audit review records its range (audit/audit-dates.ts reads it so too). */
function auditDayStart(text: string): number | undefined {
  const match = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(text.trim());
  const month = match ? MONTHS.indexOf(match[2]!.toLowerCase()) : -1;
  if (!match || month < 0) return undefined;
  return Date.UTC(Number(match[3]), month, Number(match[1]));
}

/**
 * What a review covers up to: the end of its last day, or its signing if that is earlier (audit-review/review.ts,
 * `coverageOf`: nobody reviews what is not recorded yet).
 */
function reviewCoversUntil(data: AuditTrailReviewEvent['data']): number | undefined {
  const to = auditDayStart(data.to);
  const signedAt = Date.parse(data.signature.signedAt);
  if (to === undefined) return undefined;
  return Number.isNaN(signedAt) ? to + DAY_MS : Math.min(to + DAY_MS, signedAt);
}

/**
 * The record with a new approver: a change order's, or a customer's (the pending change's while one is pending, as
 * the customer's decider reads it). The one place an approver changes after the record named one.
 */
export function withApprover<R extends ChangeOrderFacts | CustomerFacts>(record: R, approverId: string): R {
  if (record.kind === 'customer' && record.pending) return { ...record, pending: { ...record.pending, approverId } };
  return { ...record, approverId };
}

function evolveChangeOrder(record: ChangeOrderFacts | undefined, event: DocumentEvent, at: string): ChangeOrderFacts | undefined {
  if (event.type === 'ChangeOrderCreated') {
    const d = event.data;
    return (
      record ?? {
        kind: 'change-order',
        parentChangeId: d.parentChangeId,
        documentId: d.documentId,
        productFamilyName: d.details.productFamilyName,
        status: 'REQUIRE_APPROVAL',
        active: true,
        approverId: d.details.approverId,
        waitingSince: at,
        createdBy: d.createdBy,
        lastEditedBy: d.createdBy,
        decidedAt: null,
        reason: null,
        revised: false,
        reviewDate: null,
        revisionAfterReview: false,
        reviewConcludedAt: null,
      }
    );
  }
  if (!record) return undefined;
  switch (event.type) {
    case 'ChangeOrderUpdated': {
      const { details, editedBy } = event.data;
      return withApprover({ ...record, productFamilyName: details.productFamilyName, lastEditedBy: editedBy }, details.approverId);
    }
    case 'ChildDocumentAdded':
    case 'ChangeOrderLogoChanged':
    case 'SupportingFilesAdded':
    case 'SupportingFileDeleted':
    case 'ChildDocumentUpdated':
    case 'ChildDocumentDeactivated':
      return { ...record, lastEditedBy: event.data.editedBy };
    case 'ChangeOrderDeactivated':
      return { ...record, active: false, lastEditedBy: event.data.editedBy };
    case 'ChangeOrderApproved':
      return {
        ...record,
        status: 'APPROVED',
        decidedAt: event.data.approvedDate,
        // Approvals recorded before periodic reviews: 12 months after the approval day, as the decider folds them.
        reviewDate: event.data.reviewDate ?? defaultReviewDate(event.data.approvedDate.slice(0, 10)),
      };
    case 'ChangeOrderRejected':
      return { ...record, status: 'REJECTED', decidedAt: at, reason: event.data.reason };
    case 'ChangeOrderRevised':
      return { ...record, revised: true };
    case 'ChangeOrderApproverReassigned':
      // The new approver's task begins now; the old approver's is gone with it.
      return { ...withApprover(record, event.data.to), waitingSince: at };
    case 'PeriodicReviewDateChanged':
      return { ...record, reviewDate: event.data.reviewDate };
    case 'PeriodicReviewCompleted':
      return {
        ...record,
        reviewDate: event.data.nextReviewDate,
        revisionAfterReview: event.data.outcome === 'revise',
        reviewConcludedAt: event.data.signature.signedAt,
      };
    default:
      return record;
  }
}

function evolveCustomer(record: CustomerFacts | undefined, event: CustomerEvent, at: string): CustomerFacts | undefined {
  if (event.type === 'CustomerRegistered') {
    const d = event.data;
    return (
      record ?? {
        kind: 'customer',
        customerId: d.customerId,
        customerName: d.customerName,
        status: 'REQUIRE_APPROVAL',
        approverId: d.approverId,
        waitingSince: at,
        createdBy: d.registeredBy ?? null,
        lastEditedBy: null,
        pending: null,
      }
    );
  }
  if (!record) return undefined;
  // An edit of a rejected customer asks for a decision again (from the first such edit).
  const edited = (editedBy: string | undefined): CustomerFacts => ({
    ...record,
    lastEditedBy: editedBy ?? record.lastEditedBy,
    waitingSince: record.status === 'REJECTED' ? (record.waitingSince ?? at) : record.waitingSince,
  });
  switch (event.type) {
    case 'CustomerUpdated': {
      // Only a customer not yet approved is updated so (an approved one's edit is a proposed change).
      return { ...edited(event.data.editedBy), customerName: event.data.customerName, approverId: event.data.approverId };
    }
    case 'CustomerLogoChanged':
      return edited(event.data.editedBy);
    case 'CustomerApproved':
      return { ...record, status: 'APPROVED', waitingSince: null };
    case 'CustomerRejected':
      return { ...record, status: 'REJECTED', waitingSince: null };
    case 'CustomerApprovalWithdrawn':
      return { ...record, status: 'REQUIRE_APPROVAL', waitingSince: at };
    case 'CustomerChangeProposed':
      return { ...record, pending: { approverId: event.data.proposed.approverId, proposedAt: at }, lastEditedBy: event.data.editedBy };
    case 'CustomerChangeWithdrawn':
      return { ...record, pending: null, lastEditedBy: event.data.editedBy };
    case 'CustomerChangeApproved':
      return { ...record, customerName: event.data.details.customerName, approverId: event.data.details.approverId, pending: null };
    case 'CustomerChangeRejected':
      return { ...record, pending: null };
    case 'CustomerApproverReassigned': {
      const reassigned = withApprover(record, event.data.to);
      return reassigned.pending ? { ...reassigned, pending: { ...reassigned.pending, proposedAt: at } } : { ...reassigned, waitingSince: at };
    }
    case 'CustomerOpenAccessChanged':
      return record;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function evolvePaperCopy(record: PaperCopyFacts | undefined, event: PaperCopyEvent, at: string): PaperCopyFacts | undefined {
  switch (event.type) {
    case 'PaperCopyRequested': {
      const d = event.data;
      return record ?? { kind: 'paper-copy', requestId: d.requestId, documentNumber: d.documentNumber, docName: d.docName, quantity: d.quantity, requestedAt: at, dueDate: d.dueDate, open: true };
    }
    case 'PaperCopyDispatched':
      return record && { ...record, open: false };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function evolveAuditTrail(record: AuditTrailFacts | undefined, event: AuditTrailReviewEvent | BootstrapEvent, at: string): AuditTrailFacts | undefined {
  if (event.type === 'SystemBootstrapped') return record ?? { kind: 'audit-trail', reviewedUntil: at };
  const until = reviewCoversUntil(event.data);
  if (until === undefined) return record;
  const reviewedUntil = new Date(Math.max(until, record ? Date.parse(record.reviewedUntil) : until)).toISOString();
  return { kind: 'audit-trail', reviewedUntil };
}

/** Which kind of record an event's stream holds, from the event's type. */
const DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  'ChangeOrderCreated',
  'ChildDocumentAdded',
  'ChangeOrderUpdated',
  'ChangeOrderLogoChanged',
  'SupportingFilesAdded',
  'SupportingFileDeleted',
  'ChildDocumentUpdated',
  'ChildDocumentDeactivated',
  'ChangeOrderDeactivated',
  'ChangeOrderApproved',
  'ChangeOrderRejected',
  'ChangeOrderRevised',
  'ChangeOrderApproverReassigned',
  'PeriodicReviewDateChanged',
  'PeriodicReviewCompleted',
] satisfies DocumentEvent['type'][]);
const CUSTOMER_TYPES: ReadonlySet<string> = new Set([
  'CustomerRegistered',
  'CustomerUpdated',
  'CustomerLogoChanged',
  'CustomerApproved',
  'CustomerRejected',
  'CustomerApprovalWithdrawn',
  'CustomerChangeProposed',
  'CustomerChangeWithdrawn',
  'CustomerChangeApproved',
  'CustomerChangeRejected',
  'CustomerApproverReassigned',
] satisfies CustomerEvent['type'][]);
const PAPER_COPY_TYPES: ReadonlySet<string> = new Set(['PaperCopyRequested', 'PaperCopyDispatched'] satisfies PaperCopyEvent['type'][]);
const AUDIT_TRAIL_TYPES: ReadonlySet<string> = new Set(['AuditTrailReviewed', 'SystemBootstrapped'] satisfies Array<AuditTrailReviewEvent['type'] | BootstrapEvent['type']>);

/** Every event type the tasks read model reads. */
export const TASK_EVENT_TYPES: readonly string[] = [...DOCUMENT_TYPES, ...CUSTOMER_TYPES, ...PAPER_COPY_TYPES, ...AUDIT_TRAIL_TYPES];

/**
 * One event folded into its record's facts (`record` undefined: none yet; undefined back: still none). Pure: the
 * time is the event's own (`recordedAt`), so a replay folds the same facts.
 */
export function evolveRecord(record: TaskRecord | undefined, recorded: ProjectedEvent): TaskRecord | undefined {
  const event = { type: recorded.type, data: recorded.data } as unknown as TaskSourceEvent;
  const at = new Date(recorded.recordedAt).toISOString();
  if (DOCUMENT_TYPES.has(event.type)) return evolveChangeOrder(record?.kind === 'change-order' ? record : undefined, event as DocumentEvent, at);
  if (CUSTOMER_TYPES.has(event.type)) return evolveCustomer(record?.kind === 'customer' ? record : undefined, event as CustomerEvent, at);
  if (PAPER_COPY_TYPES.has(event.type)) return evolvePaperCopy(record?.kind === 'paper-copy' ? record : undefined, event as PaperCopyEvent, at);
  if (AUDIT_TRAIL_TYPES.has(event.type)) return evolveAuditTrail(record?.kind === 'audit-trail' ? record : undefined, event as AuditTrailReviewEvent | BootstrapEvent, at);
  return record;
}

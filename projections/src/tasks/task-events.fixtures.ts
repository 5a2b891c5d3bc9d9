import {
  AUDIT_TRAIL_REVIEWS_STREAM,
  BOOTSTRAP_STREAM,
  customerStreamId,
  documentStreamId,
  paperCopyStreamId,
  type Signature,
} from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';

/**
 * Events as the log holds them, for the tasks read model's specs: only the fields it reads are filled in (the read
 * model ignores the rest), each on its stream, at the time given.
 */

export interface Emitted {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  recordedAt: string;
}

const signature = (signerId: string, meaning: Signature['meaning'], signedAt: string): Signature => ({
  signerId,
  name: signerId,
  email: `${signerId}@example.com`,
  signedAt,
  meaning,
});

/** A change order's events, by its id. */
export const changeOrder = (parentChangeId: string, documentId = `CO-2026-${parentChangeId.slice(0, 5)}`) => {
  const streamId = documentStreamId(parentChangeId);
  const base = { parentChangeId, documentId };
  const on = (type: string, data: Record<string, unknown>, recordedAt: string): Emitted => ({ streamId, type, data: { ...base, ...data }, recordedAt });
  return {
    created: (at: string, by: { author: string; approver: string; product?: string }) =>
      on('ChangeOrderCreated', { createdBy: by.author, details: { productFamilyName: by.product ?? 'Catheter', approverId: by.approver } }, at),
    updated: (at: string, by: { editor: string; approver: string; product?: string }) =>
      on('ChangeOrderUpdated', { editedBy: by.editor, details: { productFamilyName: by.product ?? 'Catheter', approverId: by.approver }, changes: [] }, at),
    childAdded: (at: string, editor: string) => on('ChildDocumentAdded', { editedBy: editor }, at),
    approved: (at: string, approver: string, reviewDate?: string) =>
      on('ChangeOrderApproved', { approvedDate: at, signature: signature(approver, 'approval', at), ...(reviewDate ? { reviewDate } : {}) }, at),
    rejected: (at: string, approver: string, reason: string) => on('ChangeOrderRejected', { reason, signature: signature(approver, 'rejection', at) }, at),
    revised: (at: string, author: string) => on('ChangeOrderRevised', { revision: { parentChangeId: 'next', documentId: 'CO-next' }, revisedBy: author }, at),
    reassigned: (at: string, by: { admin: string; from: string; to: string }) =>
      on('ChangeOrderApproverReassigned', { from: by.from, to: by.to, reason: 'The approver edited it', reassignedBy: by.admin, signature: signature(by.admin, 'reassignment', at) }, at),
    deactivated: (at: string, editor: string) => on('ChangeOrderDeactivated', { editedBy: editor, obsoleteDate: at.slice(0, 10) }, at),
    reviewDateChanged: (at: string, reviewDate: string) => on('PeriodicReviewDateChanged', { reviewDate, previous: null, changedBy: 'someone', reason: 'why' }, at),
    reviewed: (at: string, reviewer: string, outcome: 'still-valid' | 'revise', nextReviewDate: string | null) =>
      on('PeriodicReviewCompleted', { outcome, reviewDate: null, nextReviewDate, signature: signature(reviewer, 'periodic-review', at) }, at),
  };
};

/** A customer's events, by its id. */
export const customer = (customerId: string, customerName = `Clinic ${customerId}`) => {
  const streamId = customerStreamId(customerId);
  const on = (type: string, data: Record<string, unknown>, recordedAt: string): Emitted => ({ streamId, type, data: { customerId, customerName, ...data }, recordedAt });
  return {
    registered: (at: string, by: { creator: string; approver: string }) => on('CustomerRegistered', { approverId: by.approver, registeredBy: by.creator }, at),
    updated: (at: string, by: { editor: string; approver: string; name?: string }) =>
      on('CustomerUpdated', { approverId: by.approver, editedBy: by.editor, changed: [], ...(by.name ? { customerName: by.name } : {}) }, at),
    logoChanged: (at: string, editor: string) => on('CustomerLogoChanged', { editedBy: editor }, at),
    approved: (at: string, approver: string) => on('CustomerApproved', { approvedDate: at, changeDescription: '', signature: signature(approver, 'approval', at) }, at),
    rejected: (at: string, approver: string) => on('CustomerRejected', { reason: 'no', changeDescription: '', signature: signature(approver, 'rejection', at) }, at),
    changeProposed: (at: string, by: { editor: string; approver: string }) =>
      on('CustomerChangeProposed', { proposed: { customerName, approverId: by.approver }, changed: ['customerWebsiteLink'], editedBy: by.editor }, at),
    reassigned: (at: string, by: { admin: string; from: string; to: string; pendingChange?: boolean }) =>
      on(
        'CustomerApproverReassigned',
        { from: by.from, to: by.to, reason: 'Absent', reassignedBy: by.admin, signature: signature(by.admin, 'reassignment', at), ...(by.pendingChange ? { pendingChange: true } : {}) },
        at,
      ),
    changeWithdrawn: (at: string, editor: string) => on('CustomerChangeWithdrawn', { editedBy: editor }, at),
    changeApproved: (at: string, approver: string, details: { customerName: string; approverId: string }) =>
      on('CustomerChangeApproved', { details, changes: [], approvedDate: at, changeDescription: '', signature: signature(approver, 'approval', at) }, at),
    changeRejected: (at: string, approver: string) => on('CustomerChangeRejected', { changes: [], reason: 'no', changeDescription: '', signature: signature(approver, 'rejection', at) }, at),
  };
};

/** A paper-copy request's events, by its id. */
export const paperCopy = (requestId: string) => {
  const streamId = paperCopyStreamId(requestId);
  return {
    requested: (at: string, dueDate: string, documentNumber = 'CO-2026-00001-01'): Emitted => ({
      streamId,
      type: 'PaperCopyRequested',
      data: { requestId, documentNumber, docName: 'ifu.pdf', quantity: 2, dueDate, requestedOn: at.slice(0, 10) },
      recordedAt: at,
    }),
    dispatched: (at: string, by: string): Emitted => ({
      streamId,
      type: 'PaperCopyDispatched',
      data: { requestId, documentNumber: 'x', dispatchedBy: by, dispatchedByName: by, dispatchedAt: at },
      recordedAt: at,
    }),
  };
};

/** The log's first event, and the audit trail's reviews. */
export const bootstrapped = (at: string): Emitted => ({ streamId: BOOTSTRAP_STREAM, type: 'SystemBootstrapped', data: { adminUserId: 'admin', email: 'admin@example.com' }, recordedAt: at });
export const auditTrailReviewed = (at: string, reviewer: string, from: string, to: string): Emitted => ({
  streamId: AUDIT_TRAIL_REVIEWS_STREAM,
  type: 'AuditTrailReviewed',
  data: { reviewId: `${from}-${to}-${at}`, from, to, comments: '', signature: signature(reviewer, 'review', at) },
  recordedAt: at,
});

/** The emitted events as a projection reads them: global positions in order, each stream's versions counted. */
export function asLog(emitted: readonly Emitted[]): ProjectedEvent[] {
  const versions = new Map<string, number>();
  return emitted.map((event, index) => {
    const version = (versions.get(event.streamId) ?? 0) + 1;
    versions.set(event.streamId, version);
    return { position: index + 1, streamId: event.streamId, streamVersion: version, type: event.type, data: event.data, recordedAt: event.recordedAt };
  });
}

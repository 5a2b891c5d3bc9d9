import { type ChangeOrderRef, type ChildRecord, defaultReviewDate, type DocumentEvent, type DocumentFile, type PeriodicReviewOutcome, type Signature } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { type Row, rowProjection } from '../row-projection';

/** A child document as the change order's row keeps it. */
export interface ChildRow extends ChildRecord {
  active: boolean;
  obsoleteDate: string | null;
  comments: string;
  /** Its authorship signatures (added, edited), oldest first. */
  signatures: Signature[];
  /** Why it was deactivated, when its deactivation gave a reason (absent on deactivations recorded without one). */
  deactivationReason?: string;
}

/** A row of `change_orders` as stored. */
export interface ChangeOrderRow extends Row {
  document_id: string;
  approval_routing_number: string;
  status: string;
  active: boolean;
  product_family_name: string;
  product_family_description: string;
  change_description: string;
  change_justification: string;
  change_type: string;
  /** '' when none. */
  basic_udi_di: string;
  /** A safety revision; false for change orders recorded before the field existed. */
  safety_revision: boolean;
  customer_id: string;
  approver_id: string;
  is_internal: boolean;
  effective_date: string | Date;
  approved_date: string | Date | null;
  comments: string;
  reason: string | null;
  logo: DocumentFile;
  files: DocumentFile[];
  children: ChildRow[];
  child_ids: string[];
  signatures: Signature[];
  created_by: string;
  last_edited_by: string;
  created_at: string | Date;
  /** How many of its children are active (the list's column, kept so the list never reads `children`). */
  child_count: number;
  /** Revise and resubmit: the rejected change order this one revises, and the one revising this one. */
  revises: ChangeOrderRef | null;
  revised_by: ChangeOrderRef | null;
  /** An Online/Offline change awaiting the approver's signature; `is_internal` stays the approved value. */
  pending_accessibility: PendingAccessibility | null;
  /** The day the next periodic review is due; null while not approved and after a review concluded 'revise'. */
  review_date: string | Date | null;
  /** The last signed periodic review. */
  last_review: LastReview | null;
  /** That review concluded 'revise': the author may revise and resubmit the approved change order. */
  revision_after_review: boolean;
  /** The absent approver whose delegate `approver_id` is; null when the approver chosen took it. */
  delegated_from: string | null;
}

/** The last signed periodic review of a change order. */
export interface LastReview {
  completedAt: string;
  outcome: PeriodicReviewOutcome;
  signedBy: string;
}

/** A requested Online/Offline switch of an approved change order. */
export interface PendingAccessibility {
  isInternal: boolean;
  requestedBy: string;
  reason: string;
}

/** Every event of a change order's stream (`document-<parentChangeId>`): what the documents' read models read. */
export const CHANGE_ORDER_EVENT_TYPES = [
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
  'ChangeOrderAccessibilityChanged',
] satisfies DocumentEvent['type'][];

const withChild = (row: ChangeOrderRow, id: string, change: (child: ChildRow) => ChildRow): ChildRow[] =>
  row.children.map((child) => (child.childDocumentId === id ? change(child) : child));

/** The documents list's two totals, one row (id 1), from the change orders' rows. */
async function countTotals(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO change_order_totals (id, listed, pending)
     SELECT 1, count(*) FILTER (WHERE active), count(*) FILTER (WHERE active AND status = 'REQUIRE_APPROVAL') FROM change_orders
     ON CONFLICT (id) DO UPDATE SET listed = EXCLUDED.listed, pending = EXCLUDED.pending`,
  );
}

/** Change orders and their children: the documents list, view and edit screens (spec §2.7, §2.10-§2.12). */
export const changeOrdersProjection = rowProjection<ChangeOrderRow>({
  name: 'change-orders',
  table: 'change_orders',
  extraTables: ['change_order_totals'],
  migrationsDirectory: new URL('./migrations', import.meta.url),
  // The revision's link is the change orders' own (the search has nothing to do with it).
  // So are pending Online/Offline changes: the search keeps the approved value until the approver signs the change.
  // So is the periodic review: the search has nothing to do with it.
  handles: [
    ...CHANGE_ORDER_EVENT_TYPES,
    'ChangeOrderRevised',
    'ChangeOrderAccessibilityProposed',
    'ChangeOrderAccessibilityRejected',
    'PeriodicReviewDateChanged',
    'PeriodicReviewReminderSent',
    'PeriodicReviewCompleted',
    'ChangeOrderApproverReassigned',
  ] satisfies DocumentEvent['type'][],
  rowId: (event) => (event.data as { parentChangeId: string }).parentChangeId,
  rowOfStream: (streamId) => (streamId.startsWith('document-') ? streamId.slice('document-'.length) : undefined),
  evolve(row, recorded) {
    const next = evolveRow(row, recorded);
    return next && { ...next, child_count: next.children.filter((child) => child.active).length };
  },
  // The tabs' totals, counted once per batch that changed change orders (writes are rare, lists are read often).
  afterBatch: countTotals,
  // A new install's migration counts them (zero): an emptied read model starts the same way.
  initialRows: countTotals,
});

/** One event folded into a change order's row (its child count is derived after). */
function evolveRow(row: ChangeOrderRow | undefined, recorded: ProjectedEvent): Omit<ChangeOrderRow, 'child_count'> | undefined {
  const event = { type: recorded.type, data: recorded.data } as unknown as DocumentEvent;
  if (event.type === 'ChangeOrderCreated') {
    if (row) return row;
    const d = event.data;
    return {
      id: d.parentChangeId,
      document_id: d.documentId,
      approval_routing_number: d.approvalRoutingNumber,
      status: 'REQUIRE_APPROVAL',
      active: true,
      product_family_name: d.details.productFamilyName,
      product_family_description: d.details.productFamilyDescription,
      change_description: d.details.changeDescription,
      change_justification: d.details.changeJustification,
      change_type: d.details.changeType,
      basic_udi_di: d.details.basicUdiDi ?? '',
      safety_revision: d.details.safetyRevision ?? false,
      customer_id: d.details.customerId,
      approver_id: d.details.approverId,
      is_internal: d.details.isInternal,
      effective_date: d.details.effectiveDate,
      approved_date: null,
      comments: d.comments,
      reason: null,
      logo: d.logo,
      files: d.files,
      children: [],
      child_ids: [],
      signatures: [d.signature],
      created_by: d.createdBy,
      last_edited_by: d.createdBy,
      created_at: recorded.recordedAt,
      stream_version: recorded.streamVersion,
      revises: d.revises ?? null,
      revised_by: null,
      pending_accessibility: null,
      review_date: null,
      last_review: null,
      revision_after_review: false,
      delegated_from: d.delegatedFrom ?? null,
    };
  }
  if (!row) return undefined;
  // Every event but the accessibility switch is signed; its signature joins the change order's list.
  const signed = 'signature' in event.data && event.data.signature ? { signatures: [...row.signatures, event.data.signature] } : {};
  switch (event.type) {
    case 'ChildDocumentAdded': {
      const child: ChildRow = { ...event.data.child, active: true, obsoleteDate: null, comments: event.data.comments, signatures: [event.data.signature] };
      // Added with the change order: its signature is the creation's, already listed once.
      const sameSignature = JSON.stringify(row.signatures.at(-1)) === JSON.stringify(event.data.signature);
      return {
        ...row,
        ...(sameSignature ? {} : signed),
        children: [...row.children, child],
        child_ids: [...row.child_ids, child.childDocumentId],
        last_edited_by: event.data.editedBy,
      };
    }
    case 'ChangeOrderUpdated': {
      const d = event.data.details;
      return {
        ...row,
        ...signed,
        product_family_name: d.productFamilyName,
        product_family_description: d.productFamilyDescription,
        change_description: d.changeDescription,
        change_justification: d.changeJustification,
        change_type: d.changeType,
        basic_udi_di: d.basicUdiDi ?? '',
        safety_revision: d.safetyRevision ?? false,
        customer_id: d.customerId,
        approver_id: d.approverId,
        is_internal: d.isInternal,
        effective_date: d.effectiveDate,
        comments: event.data.comments,
        last_edited_by: event.data.editedBy,
        // Another approver chosen: whom they stand in for, if anyone; the same approver keeps what it had.
        delegated_from: d.approverId === row.approver_id ? row.delegated_from : (event.data.delegatedFrom ?? null),
      };
    }
    case 'ChangeOrderLogoChanged':
      return { ...row, ...signed, logo: event.data.logo, comments: event.data.comments, last_edited_by: event.data.editedBy };
    case 'SupportingFilesAdded':
      return { ...row, ...signed, files: [...row.files, ...event.data.files], comments: event.data.comments, last_edited_by: event.data.editedBy };
    case 'SupportingFileDeleted':
      return { ...row, ...signed, files: row.files.filter((f) => f.fileId !== event.data.file.fileId), last_edited_by: event.data.editedBy };
    case 'ChildDocumentUpdated': {
      const d = event.data;
      return {
        ...row,
        ...signed,
        children: withChild(row, d.childDocumentId, (child) => ({
          ...child,
          ...d.details,
          file: d.file ?? child.file,
          comments: d.comments,
          signatures: [...child.signatures, d.signature],
        })),
        last_edited_by: d.editedBy,
      };
    }
    case 'ChildDocumentDeactivated':
      return {
        ...row,
        ...signed,
        children: withChild(row, event.data.childDocumentId, (child) => ({
          ...child,
          active: false,
          obsoleteDate: event.data.obsoleteDate,
          ...(event.data.reason ? { deactivationReason: event.data.reason } : {}),
        })),
        last_edited_by: event.data.editedBy,
      };
    case 'ChangeOrderDeactivated':
      return { ...row, ...signed, active: false, last_edited_by: event.data.editedBy };
    case 'ChangeOrderApproved':
      return {
        ...row,
        ...signed,
        status: 'APPROVED',
        approved_date: event.data.approvedDate,
        reason: event.data.reason ?? null,
        // Approvals recorded before periodic reviews: 12 months after the approval day, as the decider folds it.
        review_date: event.data.reviewDate ?? defaultReviewDate(event.data.approvedDate.slice(0, 10)),
      };
    case 'ChangeOrderRejected':
      return { ...row, ...signed, status: 'REJECTED', reason: event.data.reason };
    case 'ChangeOrderAccessibilityChanged':
      return { ...row, is_internal: event.data.isInternal, pending_accessibility: null };
    case 'ChangeOrderAccessibilityProposed':
      return { ...row, pending_accessibility: { isInternal: event.data.isInternal, requestedBy: event.data.requestedBy, reason: event.data.reason } };
    case 'ChangeOrderAccessibilityRejected':
      // The Online/Offline decisions' signatures are the audit trail's, not the change order's own list (its approval).
      return { ...row, pending_accessibility: null };
    case 'ChangeOrderRevised':
      return { ...row, revised_by: event.data.revision };
    case 'ChangeOrderApproverReassigned':
      // The reassignment's signature joins the change order's list: a signed step on the record.
      return { ...row, ...signed, approver_id: event.data.to, delegated_from: event.data.delegatedFrom ?? null };
    case 'PeriodicReviewDateChanged':
      return { ...row, review_date: event.data.reviewDate };
    case 'PeriodicReviewReminderSent':
      // The audit trail's; the row only moves its version.
      return row;
    case 'PeriodicReviewCompleted':
      return {
        ...row,
        ...signed,
        review_date: event.data.nextReviewDate,
        last_review: { completedAt: event.data.signature.signedAt, outcome: event.data.outcome, signedBy: event.data.signature.name },
        revision_after_review: event.data.outcome === 'revise',
      };
    default:
      return row;
  }
}

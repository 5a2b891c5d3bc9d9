import { type CustomerChangeField, type CustomerDetails, type CustomerEvent, type CustomerFieldChange, DEFAULT_VISITOR_ACCESS, type Signature, type VisitorAccess } from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { type Row, rowProjection } from '../row-projection';

/** A change to an approved customer waiting for its approver's signature, as `pending_change` holds it. */
export interface PendingCustomerChange {
  details: CustomerDetails;
  logo: { sha256: string; contentType: string } | null;
  changed: CustomerChangeField[];
  proposedBy: string;
  proposedAt: string;
  /** The absent approver whose delegate the change's approver is. */
  delegatedFrom?: string;
}

/** The last pending change the approver rejected, as `change_rejection` holds it (until the next change). */
export interface RejectedCustomerChange {
  changes: CustomerFieldChange[];
  reason: string;
  signature: Signature;
}

/** A row of `customer_list` as stored. */
export interface CustomerListRow extends Row {
  customer_name: string;
  contact_email: string;
  contact_information: string;
  country_exclusion_list: string;
  customer_website_link: string;
  approver_id: string;
  logo_sha256: string | null;
  logo_content_type: string | null;
  status: string;
  approved_date: string | Date | null;
  decision_signature: Signature | null;
  decision_reason: string | null;
  created_at: string | Date;
  /** Earlier names, lower-cased: an old public URL still finds the customer. */
  former_names: string[];
  /** Visitors may search and download without an emailed link (the ADMIN's switch). */
  open_access: boolean;
  /** The approved record's choice of reading without an emailed link (`VisitorAccess`). */
  visitor_access: VisitorAccess;
  /** The change waiting for the approver; every other column keeps the approved values meanwhile. */
  pending_change: PendingCustomerChange | null;
  change_rejection: RejectedCustomerChange | null;
  /** Who registered the customer and who edited it last (the decider's `createdBy`/`lastEditedBy`): the approver policy's facts. */
  created_by: string | null;
  last_edited_by: string | null;
  /** The absent approver whose delegate `approver_id` is; null when the approver chosen took it. */
  delegated_from: string | null;
}

/** Customers: Manage Customer, the customer form, the public module2 lists (spec §2.4, §3). */
export const customerListProjection = rowProjection<CustomerListRow>({
  name: 'customer-list',
  table: 'customer_list',
  migrationsDirectory: new URL('./migrations', import.meta.url),
  handles: [
    'CustomerRegistered', 'CustomerUpdated', 'CustomerLogoChanged', 'CustomerApproved', 'CustomerRejected', 'CustomerApprovalWithdrawn',
    'CustomerOpenAccessChanged', 'CustomerChangeProposed', 'CustomerChangeWithdrawn', 'CustomerChangeApproved', 'CustomerChangeRejected',
    'CustomerApproverReassigned',
  ] satisfies CustomerEvent['type'][],
  rowId: (event) => (event.data as { customerId: string }).customerId,
  rowOfStream: (streamId) => (streamId.startsWith('customer-') ? streamId.slice('customer-'.length) : undefined),
  evolve(row, recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as CustomerEvent;
    const details = (d: CustomerDetails) => ({
      customer_name: d.customerName,
      contact_email: d.contactEmail,
      contact_information: d.contactInformation,
      country_exclusion_list: d.countryExclusionList,
      customer_website_link: d.customerWebsiteLink,
      approver_id: d.approverId,
      // An event from before the choice keeps what the row has.
      visitor_access: d.visitorAccess ?? row?.visitor_access ?? DEFAULT_VISITOR_ACCESS,
    });
    if (event.type === 'CustomerRegistered') {
      if (row) return row;
      return {
        id: event.data.customerId,
        ...details(event.data),
        logo_sha256: event.data.logo.sha256,
        logo_content_type: event.data.logo.contentType,
        status: 'REQUIRE_APPROVAL',
        approved_date: null,
        decision_signature: null,
        decision_reason: null,
        created_at: recorded.recordedAt,
        stream_version: recorded.streamVersion,
        former_names: [],
        open_access: false,
        pending_change: null,
        change_rejection: null,
        created_by: event.data.registeredBy ?? null,
        last_edited_by: null,
        delegated_from: event.data.delegatedFrom ?? null,
      };
    }
    if (!row) return undefined;
    /** The row with new details; a rename keeps the old name among the former names (its public URL still works). */
    const withDetails = (next: CustomerDetails): CustomerListRow => {
      const renamed = next.customerName.toLowerCase() !== row.customer_name.toLowerCase();
      const formerNames = renamed ? [...new Set([...row.former_names, row.customer_name.toLowerCase()])] : row.former_names;
      return { ...row, ...details(next), former_names: formerNames.filter((name) => name !== next.customerName.toLowerCase()) };
    };
    switch (event.type) {
      case 'CustomerUpdated':
        return {
          ...withDetails(event.data),
          last_edited_by: event.data.editedBy ?? row.last_edited_by,
          delegated_from: event.data.approverId === row.approver_id ? (row.delegated_from ?? null) : (event.data.delegatedFrom ?? null),
        };
      case 'CustomerLogoChanged':
        return {
          ...row,
          logo_sha256: event.data.logo.sha256,
          logo_content_type: event.data.logo.contentType,
          last_edited_by: event.data.editedBy ?? row.last_edited_by,
        };
      case 'CustomerApproved':
        return { ...row, status: 'APPROVED', approved_date: event.data.approvedDate, decision_signature: event.data.signature, decision_reason: null };
      case 'CustomerRejected':
        return { ...row, status: 'REJECTED', decision_signature: event.data.signature, decision_reason: event.data.reason };
      case 'CustomerApprovalWithdrawn':
        return { ...row, status: 'REQUIRE_APPROVAL', approved_date: null, decision_signature: null, decision_reason: null };
      case 'CustomerOpenAccessChanged':
        return { ...row, open_access: event.data.openAccess };
      case 'CustomerChangeProposed': {
        const { proposed, logo, changed, editedBy } = event.data;
        const pending: PendingCustomerChange = {
          details: { visitorAccess: row.visitor_access, ...proposed },
          logo: logo ? { sha256: logo.sha256, contentType: logo.contentType } : null,
          changed,
          proposedBy: editedBy,
          proposedAt: new Date(recorded.recordedAt).toISOString(),
          ...(event.data.delegatedFrom ? { delegatedFrom: event.data.delegatedFrom } : {}),
        };
        return { ...row, pending_change: pending, change_rejection: null, last_edited_by: editedBy };
      }
      case 'CustomerChangeWithdrawn':
        return { ...row, pending_change: null, last_edited_by: event.data.editedBy };
      case 'CustomerChangeApproved': {
        const { logo } = event.data;
        const approverChanged = event.data.details.approverId !== row.approver_id;
        return {
          ...withDetails(event.data.details),
          delegated_from: approverChanged ? (row.pending_change?.delegatedFrom ?? null) : (row.delegated_from ?? null),
          ...(logo ? { logo_sha256: logo.sha256, logo_content_type: logo.contentType } : {}),
          approved_date: event.data.approvedDate,
          decision_signature: event.data.signature,
          decision_reason: null,
          pending_change: null,
          change_rejection: null,
        };
      }
      case 'CustomerApproverReassigned': {
        const { to, delegatedFrom } = event.data;
        const pending = row.pending_change;
        if (event.data.pendingChange && pending) {
          const { delegatedFrom: _before, ...rest } = pending;
          const changed = [...pending.changed.filter((field) => field !== 'approverId'), ...(to === row.approver_id ? [] : (['approverId'] as const))];
          return { ...row, pending_change: { ...rest, details: { ...pending.details, approverId: to }, changed, ...(delegatedFrom ? { delegatedFrom } : {}) } };
        }
        return { ...row, approver_id: to, delegated_from: delegatedFrom ?? null };
      }
      case 'CustomerChangeRejected':
        return {
          ...row,
          pending_change: null,
          change_rejection: { changes: event.data.changes, reason: event.data.reason, signature: event.data.signature },
        };
      default:
        return row;
    }
  },
});

import type { CustomerEvent, CustomerFieldChange, CustomerNameClaimEvent } from '@ifu/contracts';
import { auditVocabulary, changedFields } from '../platform/audit-vocabulary';

/** Each field of a change with its old and new value (a logo by the start of its SHA-256). */
const oldToNew = (changes: readonly CustomerFieldChange[]) =>
  changes
    .map(({ field, from, to }) => (field === 'customerLogo' ? `${field} ${from.slice(0, 12)} → ${to.slice(0, 12)}` : `${field} "${from}" → "${to}"`))
    .join('; ') || 'no change';

/** What an event that chose an absent approver says: their delegate took it. */
const delegated = (delegatedFrom: string | undefined, approverId: string) =>
  delegatedFrom ? `; the approver chosen (${delegatedFrom}) is absent, so it went to their delegate (${approverId})` : '';

/** How the customers feature's events read in the audit report. */
export const customersVocabulary = auditVocabulary<CustomerEvent | CustomerNameClaimEvent>(
  [
    { prefix: 'customer-name-', type: 'customer name' },
    { prefix: 'customer-', type: 'customer' },
  ],
  {
    CustomerNameClaimed: (d) => ({ action: 'Reserved customer name', subjectName: d.customerName }),
    CustomerNameReleased: (d) => ({ action: 'Released customer name', subjectName: d.customerName }),
    CustomerRegistered: (d) => ({ action: `Added customer${delegated(d.delegatedFrom, d.approverId)}`, subjectName: d.customerName }),
    CustomerUpdated: (d) => ({ action: `Updated customer: ${changedFields(d.changed)}${delegated(d.delegatedFrom, d.approverId)}`, subjectName: d.customerName }),
    CustomerApproverReassigned: (d) => ({
      action: `Reassigned the approver of the ${d.pendingChange ? 'pending change to the customer' : 'customer'} from ${d.from} to ${d.to}${
        d.delegatedFrom ? ` (the delegate of ${d.delegatedFrom}, who is absent)` : ''
      } (electronic signature)`,
      subjectName: d.customerName,
      reason: d.reason,
    }),
    CustomerLogoChanged: (d) => ({ action: 'Changed customer logo', subjectName: d.customerName }),
    CustomerApproved: (d) => ({ action: 'Approved customer (electronic signature)', subjectName: d.customerName }),
    CustomerRejected: (d) => ({ action: 'Rejected customer (electronic signature)', subjectName: d.customerName, reason: d.reason }),
    CustomerOpenAccessChanged: (d) => ({
      action: d.openAccess ? 'Opened access: visitors may search and download without an emailed link' : 'Closed access: visitors need an emailed link',
      subjectName: d.customerName,
    }),
    CustomerChangeProposed: (d) => ({
      action: `Proposed a change to the approved customer, awaiting approval: ${changedFields(d.changed)}${delegated(d.delegatedFrom, d.proposed.approverId)}`,
      subjectName: d.customerName,
    }),
    CustomerChangeWithdrawn: (d) => ({ action: 'Withdrew the pending change: the approved values were entered again', subjectName: d.customerName }),
    CustomerChangeApproved: (d) => ({ action: `Approved change to customer (electronic signature): ${oldToNew(d.changes)}`, subjectName: d.customerName }),
    CustomerChangeRejected: (d) => ({
      action: `Rejected change to customer (electronic signature): ${oldToNew(d.changes)}`,
      subjectName: d.customerName,
      reason: d.reason,
    }),
    CustomerApprovalWithdrawn: (d) => ({ action: `Returned customer to approval: ${changedFields(d.changed)} changed`, subjectName: d.customerName }),
  },
);

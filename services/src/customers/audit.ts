import { type CustomerEvent, type CustomerFieldChange, type CustomerNameClaimEvent, customerStreamId } from '@ifu/contracts';
import { auditVocabulary, type AuditWords, changedFields, type RecordNamer } from '../platform/audit-vocabulary';

/** Each field of a change by its label, with its old and new value as they read (a logo by the start of its SHA-256). */
const oldToNew = (words: AuditWords, changes: readonly CustomerFieldChange[]) =>
  changes
    .map(({ field, from, to }) =>
      field === 'customerLogo'
        ? `${words.label('customer', field)} ${from.slice(0, 12)} → ${to.slice(0, 12)}`
        : `${words.label('customer', field)} "${words.value('customer', field, from)}" → "${words.value('customer', field, to)}"`,
    )
    .join('; ') || 'no change';

/** What an event that chose an absent approver says: their delegate took it. */
const delegated = (words: AuditWords, delegatedFrom: string | undefined, approverId: string) =>
  delegatedFrom ? `; the approver chosen (${words.name('user', delegatedFrom)}) is absent, so it went to their delegate (${words.name('user', approverId)})` : '';

/** A customer is named by its stream: the name it was added with, and each name an edit or an approved change gave it. */
const customerNamer: RecordNamer = {
  kind: 'customer',
  stream: customerStreamId,
  nameOf: (event) => {
    const e = event as CustomerEvent;
    switch (e.type) {
      case 'CustomerRegistered':
      case 'CustomerUpdated':
        return e.data.customerName;
      case 'CustomerChangeApproved':
        return e.data.details.customerName;
      default:
        return undefined;
    }
  },
};

/** How the customers feature's events read in the audit report. */
export const customersVocabulary = auditVocabulary<CustomerEvent | CustomerNameClaimEvent>(
  [
    { prefix: 'customer-name-', type: 'customer name' },
    { prefix: 'customer-', type: 'customer' },
  ],
  {
    CustomerNameClaimed: (d) => ({ action: 'Reserved customer name', subjectName: d.customerName }),
    CustomerNameReleased: (d) => ({ action: 'Released customer name', subjectName: d.customerName }),
    CustomerRegistered: (d, words) => ({ action: `Added customer; approver ${words.name('user', d.approverId)}${delegated(words, d.delegatedFrom, d.approverId)}`, subjectName: d.customerName }),
    CustomerUpdated: (d, words) => ({ action: `Updated customer: ${changedFields(words, 'customer', d.changed)}${delegated(words, d.delegatedFrom, d.approverId)}`, subjectName: d.customerName }),
    CustomerApproverReassigned: (d, words) => ({
      action: `Reassigned the approver of the ${d.pendingChange ? 'pending change to the customer' : 'customer'} from ${words.name('user', d.from)} to ${words.name('user', d.to)}${
        d.delegatedFrom ? ` (the delegate of ${words.name('user', d.delegatedFrom)}, who is absent)` : ''
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
    CustomerChangeProposed: (d, words) => ({
      action: `Proposed a change to the approved customer, awaiting approval: ${changedFields(words, 'customer', d.changed)}${delegated(words, d.delegatedFrom, d.proposed.approverId)}`,
      subjectName: d.customerName,
    }),
    CustomerChangeWithdrawn: (d) => ({ action: 'Withdrew the pending change: the approved values were entered again', subjectName: d.customerName }),
    CustomerChangeApproved: (d, words) => ({ action: `Approved change to customer (electronic signature): ${oldToNew(words, d.changes)}`, subjectName: d.customerName }),
    CustomerChangeRejected: (d, words) => ({
      action: `Rejected change to customer (electronic signature): ${oldToNew(words, d.changes)}`,
      subjectName: d.customerName,
      reason: d.reason,
    }),
    CustomerApprovalWithdrawn: (d, words) => ({ action: `Returned customer to approval: ${changedFields(words, 'customer', d.changed)} changed`, subjectName: d.customerName }),
  },
  [customerNamer],
);

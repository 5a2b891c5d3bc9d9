import type { CustomerEvent, CustomerNameClaimEvent } from '@ifu/contracts';
import { auditVocabulary, changedFields } from '../audit/vocabulary';

/** How the customers feature's events read in the audit report. */
export const customersVocabulary = auditVocabulary<CustomerEvent | CustomerNameClaimEvent>(
  [
    { prefix: 'customer-name-', type: 'customer name' },
    { prefix: 'customer-', type: 'customer' },
  ],
  {
    CustomerNameClaimed: (d) => ({ action: 'Reserved customer name', subjectName: d.customerName }),
    CustomerNameReleased: (d) => ({ action: 'Released customer name', subjectName: d.customerName }),
    CustomerRegistered: (d) => ({ action: 'Added customer', subjectName: d.customerName }),
    CustomerUpdated: (d) => ({ action: `Updated customer: ${changedFields(d.changed)}`, subjectName: d.customerName }),
    CustomerLogoChanged: (d) => ({ action: 'Changed customer logo', subjectName: d.customerName }),
    CustomerApproved: (d) => ({ action: 'Approved customer (electronic signature)', subjectName: d.customerName }),
    CustomerRejected: (d) => ({ action: 'Rejected customer (electronic signature)', subjectName: d.customerName, reason: d.reason }),
    CustomerOpenAccessChanged: (d) => ({
      action: d.openAccess ? 'Opened access: visitors may search and download without an emailed link' : 'Closed access: visitors need an emailed link',
      subjectName: d.customerName,
    }),
    CustomerApprovalWithdrawn: (d) => ({ action: `Returned customer to approval: ${changedFields(d.changed)} changed`, subjectName: d.customerName }),
  },
);

import type { CustomerEvent, Signature } from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { type Row, rowProjection } from '../row-projection';

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
  /** Visitors may search and download without an emailed link (issue 20). */
  open_access: boolean;
}

/** Customers: Manage Customer, the customer form, the public module2 lists (spec §2.4, §3). */
export const customerListProjection = rowProjection<CustomerListRow>({
  name: 'customer-list',
  table: 'customer_list',
  migrationsDirectory: new URL('./migrations', import.meta.url),
  handles: [
    'CustomerRegistered', 'CustomerUpdated', 'CustomerLogoChanged', 'CustomerApproved', 'CustomerRejected', 'CustomerApprovalWithdrawn',
    'CustomerOpenAccessChanged',
  ] satisfies CustomerEvent['type'][],
  rowId: (event) => (event.data as { customerId: string }).customerId,
  evolve(row, recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as CustomerEvent;
    const details = (d: Extract<CustomerEvent, { type: 'CustomerRegistered' | 'CustomerUpdated' }>['data']) => ({
      customer_name: d.customerName,
      contact_email: d.contactEmail,
      contact_information: d.contactInformation,
      country_exclusion_list: d.countryExclusionList,
      customer_website_link: d.customerWebsiteLink,
      approver_id: d.approverId,
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
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'CustomerUpdated': {
        const renamed = event.data.customerName.toLowerCase() !== row.customer_name.toLowerCase();
        const formerNames = renamed ? [...new Set([...row.former_names, row.customer_name.toLowerCase()])] : row.former_names;
        return { ...row, ...details(event.data), former_names: formerNames.filter((name) => name !== event.data.customerName.toLowerCase()) };
      }
      case 'CustomerLogoChanged':
        return { ...row, logo_sha256: event.data.logo.sha256, logo_content_type: event.data.logo.contentType };
      case 'CustomerApproved':
        return { ...row, status: 'APPROVED', approved_date: event.data.approvedDate, decision_signature: event.data.signature, decision_reason: null };
      case 'CustomerRejected':
        return { ...row, status: 'REJECTED', decision_signature: event.data.signature, decision_reason: event.data.reason };
      case 'CustomerApprovalWithdrawn':
        return { ...row, status: 'REQUIRE_APPROVAL', approved_date: null, decision_signature: null, decision_reason: null };
      case 'CustomerOpenAccessChanged':
        return { ...row, open_access: event.data.openAccess };
      default:
        return row;
    }
  },
});

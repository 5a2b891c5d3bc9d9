import type { AuditRecordKind } from './audit-review';

/**
 * How a value of a record's field reads: as it is (`text`), the name of the user, customer or change order whose id
 * it holds, a calendar day (`YYYY-MM-DD`), an instant (ISO 8601 UTC), country or language codes, a yes/no, Online or
 * Offline (`isInternal`), Active or Inactive.
 */
export type RecordFieldValue = 'text' | 'user' | 'customer' | 'changeOrder' | 'day' | 'time' | 'countries' | 'languages' | 'yesNo' | 'accessibility' | 'active';

/** A field of a record as the screens label it, and how its value reads. */
export interface RecordField {
  label: string;
  value: RecordFieldValue;
}

const text = (label: string): RecordField => ({ label, value: 'text' });
const as = (label: string, value: RecordFieldValue): RecordField => ({ label, value });

/** A child document's fields (spec §2.9 Change/New, §2.10): one list for the views, the version lists and the trail. */
export const CHILD_DOCUMENT_FIELDS: Readonly<Record<string, RecordField>> = {
  // The spec's approval modal and validation call it IFU Number ('Enter IFU Number (lot number)').
  associatedReferenceNumber: text('IFU Number'),
  productSubFamilyNameOne: text('Part Number'),
  // The spec's entity names the Bill of Material twice.
  productSubFamilyNameTwo: text('Bill of Material'),
  billMaterialInformation: text('Bill of Material'),
  keywords: text('Keywords'),
  countryList: as('Country', 'countries'),
  languageList: as('Language', 'languages'),
  changeDescription: text('Description of Change'),
  changeJustification: text('Justification of Change'),
  gtin: text('GTIN'),
  additionalLots: text('Further lots'),
  serialRanges: text('Serial numbers'),
  file: text('File'),
  docName: text('File name'),
  sha256: text('File content (SHA-256)'),
  status: text('Status'),
  obsoleteDate: as('Obsolete Date', 'day'),
};

/**
 * Every field of each kind of record, as the staff screens label it: what the Audit Trail Review and the audit report
 * show instead of the field's name (`productSubFamilyNameOne` is Part Number). A field not listed shows its name.
 */
export const RECORD_FIELDS: Readonly<Record<AuditRecordKind, Readonly<Record<string, RecordField>>>> = {
  changeOrder: {
    ...CHILD_DOCUMENT_FIELDS,
    documentId: text('Document ID'),
    approvalRoutingNumber: text('Approval Routing Number'),
    productFamilyName: text('Product Name'),
    productFamilyDescription: text('Product Family Description'),
    changeType: text('Change Type'),
    customerId: as('Customer', 'customer'),
    approverId: as('Approver', 'user'),
    isInternal: as('Accessibility', 'accessibility'),
    proposedIsInternal: as('Requested Accessibility', 'accessibility'),
    effectiveDate: as('Effective Date', 'day'),
    approvedDate: as('Approval Date', 'time'),
    reviewDate: as('Review date', 'day'),
    periodicReviewOutcome: text('Periodic review outcome'),
    basicUdiDi: text('Basic UDI-DI'),
    safetyRevision: as('Safety revision', 'yesNo'),
    logo: text('Document Logo'),
    revises: text('Revision of'),
    revisedBy: text('Revised by'),
  },
  customer: {
    customerName: text('Name'),
    contactEmail: text('Email'),
    contactInformation: text('Contact Number'),
    // The spec labels it Country; it holds the countries excluded (countryExclusionList).
    countryExclusionList: as('Country (excluded)', 'countries'),
    customerWebsiteLink: text('Website link'),
    approverId: as('Approver', 'user'),
    logo: text('Logo'),
    customerLogo: text('Logo'),
    status: text('Status'),
    approvedDate: as('Approval Date', 'time'),
    openAccess: as('Open access', 'yesNo'),
    visitorAccess: text('Reading without an emailed link'),
  },
  user: {
    email: text('E-Mail'),
    firstName: text('First Name'),
    lastName: text('Last Name'),
    role: text('Role'),
    isTrainingCompleted: as('Is Training Completed?', 'yesNo'),
    active: as('Status', 'active'),
    secondFactor: text('Second factor'),
    passwordSetAt: as('Password set', 'time'),
    lockedUntil: as('Locked until', 'time'),
  },
  notice: {
    notificationId: text('ID'),
    notificationText: text('Notification'),
    customerId: as('Customer', 'customer'),
    productId: as('Product', 'changeOrder'),
    // As an edit names what it changed (the spec's request fields).
    customerID: as('Customer', 'customer'),
    productID: as('Product', 'changeOrder'),
    status: text('Status'),
  },
};

/**
 * A field of a record as the trail names it: its label, and how its value reads. The review's fold names a pending
 * value `pending <field>` and a child's `<documentNumber> <field>`: they read 'Pending Approver', 'CO-2026-00042-01
 * Part Number'. An unknown field keeps its name and reads as text.
 */
export function recordField(kind: AuditRecordKind, field: string): RecordField {
  const known = RECORD_FIELDS[kind][field];
  if (known) return known;
  const pending = /^pending (.+)$/.exec(field);
  if (pending) {
    const inner = recordField(kind, pending[1]!);
    return { ...inner, label: `Pending ${inner.label}` };
  }
  const child = /^(\S+) (\S+)$/.exec(field);
  if (kind === 'changeOrder' && child && CHILD_DOCUMENT_FIELDS[child[2]!]) {
    const inner = CHILD_DOCUMENT_FIELDS[child[2]!]!;
    return { ...inner, label: `${child[1]} ${inner.label}` };
  }
  return text(field);
}

import type { ChildDetails, DocumentEvent, DocumentFile, ParentDetails, Signature } from '@ifu/contracts';
import type { ApproverFacts } from '../auth';
import type { CreateChangeOrder } from './authoring/rules';

/**
 * One change order, `CO-2026-00042` with child `k1`, as the events and commands of the use cases' decider
 * specifications: each spec states only what its use case changes, on the same record.
 */

export const at = '2026-11-23T10:00:00.000Z';
export const sign = (signerId: string, meaning: Signature['meaning'] = 'authorship'): Signature => ({ signerId, name: 'N', email: `${signerId}@x`, signedAt: at, meaning });
export const file = (name: string, sha = name.padEnd(64, '0')): DocumentFile => ({ fileId: `f-${name}`, sha256: sha, contentType: 'application/pdf', size: 10, docName: `${name}.pdf` });
export const details: ParentDetails = {
  productFamilyName: 'Cardio',
  productFamilyDescription: 'desc',
  changeDescription: 'desc',
  changeJustification: 'why',
  changeType: 'Record',
  customerId: 'c1',
  approverId: 'approver',
  isInternal: false,
  effectiveDate: '2026-12-01',
};
export const child: ChildDetails = {
  associatedReferenceNumber: 'LOT-1',
  productSubFamilyNameOne: 'PN-1',
  productSubFamilyNameTwo: 'BOM-1',
  billMaterialInformation: 'BOM-1',
  keywords: 'k',
  countryList: 'DE',
  languageList: 'de',
  changeDescription: 'c',
  changeJustification: 'j',
};
export const admin = (id: string): ApproverFacts => ({ id, role: 'ADMIN', active: true });
export const approvedCustomer = { id: 'c1', status: 'APPROVED' };

export const create = (overrides: Partial<CreateChangeOrder> = {}): CreateChangeOrder => ({
  type: 'CreateChangeOrder',
  parentChangeId: 'p1',
  documentId: 'CO-2026-00042',
  approvalRoutingNumber: 'AR-2026-00042',
  details,
  logo: file('logo'),
  files: [file('a')],
  children: [{ ...child, childDocumentId: 'k1', file: file('ifu') }],
  customer: approvedCustomer,
  approver: admin('approver'),
  signature: sign('author'),
  comments: 'ok',
  actorUserId: 'author',
  ...overrides,
});

/** What every signed event of the change order carries: its identity, the author's signature and comments. */
export const signed = { parentChangeId: 'p1', documentId: 'CO-2026-00042', signature: sign('author'), comments: 'ok' };
export const created: DocumentEvent = {
  type: 'ChangeOrderCreated',
  data: { ...signed, approvalRoutingNumber: 'AR-2026-00042', details, logo: file('logo'), files: [file('a')], createdBy: 'author' },
};
export const childAdded = (id: string, n: number): DocumentEvent => ({
  type: 'ChildDocumentAdded',
  data: { ...signed, child: { ...child, childDocumentId: id, documentNumber: `CO-2026-00042-0${n}`, file: file('ifu') }, editedBy: 'author' },
});
export const approved: DocumentEvent = { type: 'ChangeOrderApproved', data: { ...signed, signature: sign('approver', 'approval'), comments: '', approvedDate: at, reviewDate: '2027-11-23' } };
export const rejected: DocumentEvent = { type: 'ChangeOrderRejected', data: { ...signed, signature: sign('approver', 'rejection'), comments: '', reason: 'wrong lot' } };

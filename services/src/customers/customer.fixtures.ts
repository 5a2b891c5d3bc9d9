import type { CustomerChangeField, CustomerDetails, CustomerEvent, Signature, StoredFile } from '@ifu/contracts';
import type { ApproverFacts } from '../auth';

/**
 * The customer deciders' specifications share one customer: registered by an ADMIN for its approver, its approver's
 * signed decisions, and (for a change to an approved customer) its approval, an edit and the change it proposes.
 */

export const now = new Date('2026-11-21T10:00:00.000Z');
export const logo: StoredFile = { sha256: 'a'.repeat(64), contentType: 'image/png', size: 68 };
export const details: CustomerDetails = {
  customerName: 'Acme Medical',
  contactEmail: 'contact@acme.example',
  contactInformation: '15550102030',
  countryExclusionList: 'US',
  customerWebsiteLink: 'https://acme.example',
  approverId: 'approver-1',
};
export const approver: ApproverFacts = { id: 'approver-1', role: 'ADMIN', active: true };
export const registered: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, logo } };
export const signature = (meaning: 'approval' | 'rejection', signerId = 'approver-1'): Signature => ({
  signerId,
  name: 'Alma Approver',
  email: 'alma@example.com',
  signedAt: now.toISOString(),
  meaning,
  subject: { stream: 'customer-c-1', version: 1 },
});
export const decide = (approve: boolean, signerId = 'approver-1') => ({
  type: 'DecideApproval' as const,
  approve,
  approverIdGiven: signerId,
  signature: signature(approve ? 'approval' : 'rejection', signerId),
  signerRole: 'ADMIN' as const,
  reason: approve ? '' : 'Contract not signed',
  changeDescription: 'Customer approval',
  now,
});

/** A change to the approved customer: what the edit sends and the proposal it records. */
export const approvedOnce: CustomerEvent = {
  type: 'CustomerApproved',
  data: { customerId: 'c-1', customerName: 'Acme Medical', approvedDate: now.toISOString(), changeDescription: '', signature: signature('approval') },
};
export const newLogo: StoredFile = { sha256: 'b'.repeat(64), contentType: 'image/png', size: 70 };
export const website = { ...details, customerWebsiteLink: 'https://new.acme.example' };
export const edit = (next: CustomerDetails, actorUserId = 'admin-1', extra: { logo?: StoredFile; approver?: ApproverFacts } = {}) => ({
  type: 'UpdateCustomer' as const,
  details: next,
  actorUserId,
  approver: extra.approver,
  ...(extra.logo ? { logo: extra.logo } : {}),
});
export const proposed = (next: CustomerDetails, changed: CustomerChangeField[], extra: { logo?: StoredFile; editedBy?: string } = {}): CustomerEvent => ({
  type: 'CustomerChangeProposed',
  data: {
    customerId: 'c-1',
    customerName: 'Acme Medical',
    proposed: next,
    ...(extra.logo ? { logo: extra.logo } : {}),
    changed,
    editedBy: extra.editedBy ?? 'admin-1',
  },
});

import { describe, expect, it } from 'vitest';
import type { CustomerEvent, Signature } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import type { ApproverFacts } from '../../auth';
import { approvedOnce, approver, details, logo, now, proposed, signature, website } from '../customer.fixtures';
import { customerReassignmentDecider, type ReassignCustomerApprover } from './rules';

const spec = deciderSpec(customerReassignmentDecider);
const trained = (id: string, overrides: Partial<ApproverFacts> = {}): ApproverFacts => ({ ...approver, id, trained: true, ...overrides });
const signedBy: Signature = { ...signature('approval', 'lead'), meaning: 'reassignment' };
const today = now.toISOString().slice(0, 10);

const reassign = (approverId: string, overrides: Partial<ReassignCustomerApprover> = {}): ReassignCustomerApprover => ({
  type: 'ReassignCustomerApprover',
  approverId,
  to: trained(approverId),
  reason: 'approver on leave',
  signature: signedBy,
  signerRole: 'ADMIN',
  ...overrides,
});

const reassigned = (to: string, extra: { pendingChange?: boolean; delegatedFrom?: string; from?: string } = {}): CustomerEvent => {
  const { from = 'approver-1', ...rest } = extra;
  return {
    type: 'CustomerApproverReassigned',
    data: { customerId: 'c-1', customerName: 'Acme Medical', from, to, reason: 'approver on leave', reassignedBy: 'lead', signature: signedBy, ...rest },
  };
};

const registeredBy = (registeredBy: string): CustomerEvent => ({ type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, logo, registeredBy } });

describe('reassigning the approver of a customer', () => {
  it('given a customer awaiting approval, when an ADMIN reassigns it to an eligible approver, then the signed reassignment is recorded and the new approver decides', () => {
    const decision = spec.given(registeredBy('admin-1')).when(reassign('approver-2'));
    decision.then([reassigned('approver-2')]);
  });

  it('given a change pending to an approved customer, when an ADMIN reassigns it, then the pending change gets the new approver (who becomes the approver once it is approved)', () => {
    spec
      .given(registeredBy('admin-1'), approvedOnce, proposed(website, ['customerWebsiteLink']))
      .when(reassign('approver-2'))
      .then([reassigned('approver-2', { pendingChange: true })]);
  });

  it('given an approved customer with nothing pending, or a rejected one, when an ADMIN reassigns it, then reassign-not-waiting', () => {
    spec.given(registeredBy('admin-1'), approvedOnce).when(reassign('approver-2')).thenRefuses({ code: 'reassign-not-waiting' });
    const rejected: CustomerEvent = { type: 'CustomerRejected', data: { customerId: 'c-1', customerName: 'Acme Medical', reason: 'no', changeDescription: '', signature: signature('rejection') } };
    spec.given(registeredBy('admin-1'), rejected).when(reassign('approver-2')).thenRefuses({ code: 'reassign-not-waiting' });
  });

  it('given no customer, or a USER signing, then customer-not-found and admin-only', () => {
    spec.given().when(reassign('approver-2')).thenRefuses({ code: 'customer-not-found' });
    spec.given(registeredBy('admin-1')).when(reassign('approver-2', { signerRole: 'USER' })).thenRefuses({ code: 'admin-only' });
  });

  it('given a customer awaiting approval, when the new approver is the current one, the ADMIN reassigning, its creator or last editor, or not an active trained ADMIN, then refused by name', () => {
    const edited: CustomerEvent = { type: 'CustomerUpdated', data: { customerId: 'c-1', ...details, contactEmail: 'x@acme.example', changed: ['contactEmail'], editedBy: 'editor' } };
    const given = spec.given(registeredBy('admin-1'), edited);
    given.when(reassign('approver-1')).thenRefuses({ code: 'reassign-same-approver' });
    given.when(reassign('lead')).thenRefuses({ code: 'reassign-to-self' });
    given.when(reassign('admin-1')).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('editor')).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('approver-2', { to: trained('approver-2', { trained: false }) })).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('approver-2', { to: trained('approver-2', { role: 'USER' }) })).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('approver-2', { to: undefined })).thenRefuses({ code: 'reassign-approver-not-eligible' });
  });

  it('given an approver absent today, when an ADMIN reassigns to them, then their delegate takes it if eligible, else the approver chosen', () => {
    const away = trained('away', { absence: { from: today, until: today, delegateId: 'deputy' } });
    const given = spec.given(registeredBy('admin-1'));
    given.when(reassign('away', { to: away, routing: { today, delegate: trained('deputy') } })).then([reassigned('deputy', { delegatedFrom: 'away' })]);
    given.when(reassign('away', { to: away, routing: { today, delegate: trained('deputy', { active: false }) } })).then([reassigned('away')]);
  });

  it('the pending change folds the new approver: approverId joins its changed fields when it differs from the approved one', () => {
    const state = [registeredBy('admin-1'), approvedOnce, proposed(website, ['customerWebsiteLink']), reassigned('approver-2', { pendingChange: true })].reduce(
      customerReassignmentDecider.evolve,
      customerReassignmentDecider.initialState(),
    );
    expect(state.approverId).toBe('approver-1');
    expect(state.pending?.details.approverId).toBe('approver-2');
    expect(state.pending?.changed).toEqual(['customerWebsiteLink', 'approverId']);
  });
});

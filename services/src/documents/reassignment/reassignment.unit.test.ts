import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import type { ApproverFacts } from '../../auth';
import { admin, approved, at, childAdded, created, file, sign, signed } from '../change-order.fixtures';
import { approverIsAuthor, mayReassign } from '../permissions';
import { reassignmentDecider, type ReassignApprover } from './rules';

const spec = deciderSpec(reassignmentDecider);
const trained = (id: string, overrides: Partial<ApproverFacts> = {}): ApproverFacts => ({ ...admin(id), trained: true, ...overrides });

const reassign = (approverId: string, overrides: Partial<ReassignApprover> = {}): ReassignApprover => ({
  type: 'ReassignApprover',
  approverId,
  to: trained(approverId),
  reason: 'approver on leave',
  signature: sign('lead', 'reassignment'),
  signerRole: 'ADMIN',
  ...overrides,
});

const reassigned = (to: string, extra: { delegatedFrom?: string } = {}): DocumentEvent => ({
  type: 'ChangeOrderApproverReassigned',
  data: {
    parentChangeId: 'p1',
    documentId: 'CO-2026-00042',
    from: 'approver',
    to,
    reason: 'approver on leave',
    reassignedBy: 'lead',
    signature: sign('lead', 'reassignment'),
    ...extra,
  },
});

const editedByApprover: DocumentEvent = { type: 'ChangeOrderLogoChanged', data: { ...signed, logo: file('l2'), previous: file('logo'), editedBy: 'approver' } };

describe('reassigning the approver of a change order', () => {
  it('given a change order awaiting its decision, when an ADMIN reassigns it to an eligible approver, then the signed reassignment is recorded', () => {
    spec.given(created, childAdded('k1', 1)).when(reassign('other')).then([reassigned('other')]);
  });

  it('given an approver who edited the change order (and so may not decide), when an ADMIN reassigns it, then it goes to the new approver', () => {
    spec.given(created, childAdded('k1', 1), editedByApprover).when(reassign('other')).then([reassigned('other')]);
  });

  it('given a decided change order, when an ADMIN reassigns it, then reassign-not-waiting', () => {
    spec.given(created, childAdded('k1', 1), approved).when(reassign('other')).thenRefuses({ code: 'reassign-not-waiting' });
  });

  it('given no change order, when someone reassigns it, then document-not-found', () => {
    spec.given().when(reassign('other')).thenRefuses({ code: 'document-not-found' });
  });

  it('given a change order awaiting its decision, when a USER signs a reassignment, then admin-only', () => {
    spec.given(created, childAdded('k1', 1)).when(reassign('other', { signerRole: 'USER' })).thenRefuses({ code: 'admin-only' });
  });

  it('given a change order awaiting its decision, when the new approver is its approver already, or the ADMIN reassigning, then refused by name', () => {
    spec.given(created, childAdded('k1', 1)).when(reassign('approver')).thenRefuses({ code: 'reassign-same-approver' });
    spec.given(created, childAdded('k1', 1)).when(reassign('lead')).thenRefuses({ code: 'reassign-to-self' });
  });

  it('given a change order awaiting its decision, when the new approver could not decide on it, then reassign-approver-not-eligible', () => {
    const given = spec.given(created, childAdded('k1', 1), editedByApprover);
    given.when(reassign('author')).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('other', { to: undefined })).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('other', { to: trained('other', { role: 'USER' }) })).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('other', { to: trained('other', { active: false }) })).thenRefuses({ code: 'reassign-approver-not-eligible' });
    given.when(reassign('other', { to: trained('other', { trained: false }) })).thenRefuses({ code: 'reassign-approver-not-eligible' });
    const editedByOther: DocumentEvent = { type: 'ChangeOrderLogoChanged', data: { ...signed, logo: file('l3'), previous: file('l2'), editedBy: 'other' } };
    spec.given(created, childAdded('k1', 1), editedByOther).when(reassign('other')).thenRefuses({ code: 'reassign-approver-not-eligible' });
  });

  describe('to an absent approver', () => {
    const absent = trained('away', { absence: { from: '2026-11-20', until: '2026-11-30', delegateId: 'deputy' } });
    const today = at.slice(0, 10);

    it('given an approver absent today whose delegate could take it, when an ADMIN reassigns to them, then the delegate takes it and the event names whom they stand in for', () => {
      spec
        .given(created, childAdded('k1', 1))
        .when(reassign('away', { to: absent, routing: { today, delegate: trained('deputy') } }))
        .then([reassigned('deputy', { delegatedFrom: 'away' })]);
    });

    it('given an approver absent today whose delegate could not take it (its author, untrained, the ADMIN reassigning), then it stays with the approver chosen', () => {
      const given = spec.given(created, childAdded('k1', 1));
      given.when(reassign('away', { to: { ...absent, absence: { ...absent.absence!, delegateId: 'author' } }, routing: { today, delegate: trained('author') } })).then([reassigned('away')]);
      given.when(reassign('away', { to: absent, routing: { today, delegate: trained('deputy', { trained: false }) } })).then([reassigned('away')]);
      given.when(reassign('away', { to: { ...absent, absence: { ...absent.absence!, delegateId: 'lead' } }, routing: { today, delegate: trained('lead') } })).then([reassigned('away')]);
    });

    it('given an absence that is not today, then the approver chosen takes it', () => {
      spec
        .given(created, childAdded('k1', 1))
        .when(reassign('away', { to: absent, routing: { today: '2026-12-01', delegate: trained('deputy') } }))
        .then([reassigned('away')]);
    });
  });

  it("the screens' questions answer by the same rules: an ADMIN may reassign while it waits; the approver who edited it is told why they may not decide", () => {
    const record = { active: true, status: 'REQUIRE_APPROVAL' as const, approverId: 'approver', createdBy: 'author', lastEditedBy: 'author' };
    expect(mayReassign(record, { role: 'ADMIN' })).toBe(true);
    expect(mayReassign(record, { role: 'USER' })).toBe(false);
    expect(mayReassign({ ...record, status: 'APPROVED' }, { role: 'ADMIN' })).toBe(false);
    expect(mayReassign({ ...record, active: false }, { role: 'ADMIN' })).toBe(false);
    expect(approverIsAuthor(record, { id: 'approver', role: 'ADMIN' })).toBe(false);
    expect(approverIsAuthor({ ...record, lastEditedBy: 'approver' }, { id: 'approver', role: 'ADMIN' })).toBe(true);
    expect(approverIsAuthor({ ...record, lastEditedBy: 'approver' }, { id: 'other', role: 'ADMIN' })).toBe(false);
    expect(approverIsAuthor({ ...record, lastEditedBy: 'approver', status: 'APPROVED' }, { id: 'approver', role: 'ADMIN' })).toBe(false);
  });
});

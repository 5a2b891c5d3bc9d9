import { describe, expect, it } from 'vitest';
import type { CustomerEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { approvedOnce, decide, details, edit, logo, now, proposed, registered, signature, website } from '../customer.fixtures';
import { decisionRefusal } from '../permissions';
import { registrationDecider } from '../registration/rules';
import { approvalDecider } from './rules';

const spec = deciderSpec(approvalDecider);
/** An edit after a decision is the registration's to decide. */
const editing = deciderSpec(registrationDecider);

describe('the customer decider', () => {
  describe('the signed decision', () => {
    it('when the approver approves, then CustomerApproved carries the signature and the date', () => {
      const command = decide(true);
      spec.given(registered).when(command).then([
        { type: 'CustomerApproved', data: { customerId: 'c-1', customerName: 'Acme Medical', approvedDate: now.toISOString(), changeDescription: 'Customer approval', signature: command.signature } },
      ]);
    });

    it('when the approver rejects, then CustomerRejected carries the reason', () => {
      const command = decide(false);
      spec.given(registered).when(command).then([
        { type: 'CustomerRejected', data: { customerId: 'c-1', customerName: 'Acme Medical', reason: 'Contract not signed', changeDescription: 'Customer approval', signature: command.signature } },
      ]);
    });

    it('when the approver was demoted to USER before signing, then signer-not-admin (issue 8, finding 3)', () => {
      spec.given(registered).when({ ...decide(true), signerRole: 'USER' }).thenRefuses({ code: 'signer-not-admin' });
    });

    it('when someone else signs, or the request names another approver, then not-the-approver', () => {
      spec.given(registered).when(decide(true, 'admin-2')).thenRefuses({ code: 'not-the-approver' });
      spec.given(registered).when({ ...decide(true), approverIdGiven: 'admin-2' }).thenRefuses({ code: 'not-the-approver' });
    });

    it('when the customer is approved already, then already-approved; a rejected one may still be approved', () => {
      const approved: CustomerEvent = { type: 'CustomerApproved', data: { customerId: 'c-1', customerName: 'Acme Medical', approvedDate: now.toISOString(), changeDescription: '', signature: signature('approval') } };
      const rejected: CustomerEvent = { type: 'CustomerRejected', data: { customerId: 'c-1', customerName: 'Acme Medical', reason: 'x', changeDescription: '', signature: signature('rejection') } };
      spec.given(registered, approved).when(decide(false)).thenRefuses({ code: 'already-approved' });
      spec.given(registered, rejected).when(decide(true)).decision.events.map((e) => e.type).forEach((type) => expect(type).toBe('CustomerApproved'));
    });
  });

  describe('separation of duties and what a decision covers (issue 8, finding 6)', () => {
    const byCreator: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, logo, registeredBy: 'approver-1' } };

    it('when the creator is the approver (named by a later edit), then they cannot decide', () => {
      spec.given(byCreator).when(decide(true)).thenRefuses({ code: 'approver-is-author' });
    });

    it('when the approver edited it last, then they cannot decide', () => {
      const edited: CustomerEvent = { type: 'CustomerUpdated', data: { customerId: 'c-1', ...details, contactEmail: 'x@acme.example', changed: ['contactEmail'], editedBy: 'approver-1' } };
      spec.given(registered, edited).when(decide(true)).thenRefuses({ code: 'approver-is-author' });
    });
  });

  describe('a change to an approved customer waits for the approver (issue 22)', () => {
    it('when the approver approves the pending change, then CustomerChangeApproved carries the new values, old → new, and the signature', () => {
      const command = decide(true);
      spec.given(registered, approvedOnce, proposed(website, ['customerWebsiteLink'])).when(command).then([
        {
          type: 'CustomerChangeApproved',
          data: {
            customerId: 'c-1',
            customerName: 'Acme Medical',
            details: website,
            changes: [{ field: 'customerWebsiteLink', from: 'https://acme.example', to: 'https://new.acme.example' }],
            approvedDate: now.toISOString(),
            changeDescription: 'Customer approval',
            signature: command.signature,
          },
        },
      ]);
    });

    it('when the approver rejects the pending change, then CustomerChangeRejected with the reason; the approved values stay and another change may come', () => {
      const command = decide(false);
      const given = [registered, approvedOnce, proposed({ ...website, customerName: 'Acme Health' }, ['customerName', 'customerWebsiteLink'])];
      const rejected = spec.given(...given).when(command);
      rejected.then([
        {
          type: 'CustomerChangeRejected',
          data: {
            customerId: 'c-1',
            customerName: 'Acme Medical',
            changes: [
              { field: 'customerName', from: 'Acme Medical', to: 'Acme Health' },
              { field: 'customerWebsiteLink', from: 'https://acme.example', to: 'https://new.acme.example' },
            ],
            reason: 'Contract not signed',
            changeDescription: 'Customer approval',
            signature: command.signature,
          },
        },
      ]);
      const after = [...given, ...rejected.decision.events];
      spec.given(...after).when(decide(true)).thenRefuses({ code: 'already-approved' });
      editing.given(...after).when(edit(website)).then([proposed(website, ['customerWebsiteLink'])]);
    });

    it('when the approved customer has nothing pending, then already-approved', () => {
      spec.given(registered, approvedOnce).when(decide(true)).thenRefuses({ code: 'already-approved' });
    });

    it('when the pending change names a new approver, then that approver decides it, not the former one', () => {
      const next = { ...details, approverId: 'approver-2' };
      const given = [registered, approvedOnce, proposed(next, ['approverId'])];
      spec.given(...given).when(decide(true)).thenRefuses({ code: 'not-the-approver' });
      expect(spec.given(...given).when(decide(true, 'approver-2')).decision.events.map((e) => e.type)).toEqual(['CustomerChangeApproved']);
    });

    it('when the approver proposed the change, then they cannot decide it (separation of duties)', () => {
      spec.given(registered, approvedOnce, proposed(website, ['customerWebsiteLink'], { editedBy: 'approver-1' })).when(decide(true)).thenRefuses({ code: 'approver-is-author' });
    });

    it('when the signer was demoted to USER, then signer-not-admin, and the change stays pending', () => {
      spec.given(registered, approvedOnce, proposed(website, ['customerWebsiteLink'])).when({ ...decide(true), signerRole: 'USER' }).thenRefuses({ code: 'signer-not-admin' });
    });
  });
});

describe("decisionRefusal: the decider's rule the screens ask (a customer's canDecide), by the approver policy (issue 22, item 13)", () => {
  const pending = { exists: true, approverId: 'approver-1', status: 'REQUIRE_APPROVAL' as const };
  it('the assigned approver, an ADMIN, may decide a pending or a rejected customer; not an approved one', () => {
    expect(decisionRefusal(pending, { id: 'approver-1', role: 'ADMIN' })).toBeUndefined();
    expect(decisionRefusal({ ...pending, status: 'REJECTED' }, { id: 'approver-1', role: 'ADMIN' })).toBeUndefined();
    expect(decisionRefusal({ ...pending, status: 'APPROVED' }, { id: 'approver-1', role: 'ADMIN' })).toBe('already-approved');
  });
  it('anyone else, the approver demoted to USER, or the approver who created or last edited it may not', () => {
    expect(decisionRefusal(pending, { id: 'admin-2', role: 'ADMIN' })).toBe('not-the-approver');
    expect(decisionRefusal(pending, { id: 'approver-1', role: 'USER' })).toBe('signer-not-admin');
    expect(decisionRefusal({ ...pending, createdBy: 'approver-1' }, { id: 'approver-1', role: 'ADMIN' })).toBe('approver-is-author');
    expect(decisionRefusal({ ...pending, lastEditedBy: 'approver-1' }, { id: 'approver-1', role: 'ADMIN' })).toBe('approver-is-author');
  });
});

import { describe, expect, it } from 'vitest';
import type { CustomerChangeField, CustomerDetails, CustomerEvent, Signature, StoredFile } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import type { ApproverFacts } from '../auth';
import { customerDecider, decisionRefusal } from './customer';

const now = new Date('2026-11-21T10:00:00.000Z');
const logo: StoredFile = { sha256: 'a'.repeat(64), contentType: 'image/png', size: 68 };
const details: CustomerDetails = {
  customerName: 'Acme Medical',
  contactEmail: 'contact@acme.example',
  contactInformation: '15550102030',
  countryExclusionList: 'US',
  customerWebsiteLink: 'https://acme.example',
  approverId: 'approver-1',
};
const approver: ApproverFacts = { id: 'approver-1', role: 'ADMIN', active: true };
const registered: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, logo } };
const signature = (meaning: 'approval' | 'rejection', signerId = 'approver-1'): Signature => ({
  signerId,
  name: 'Alma Approver',
  email: 'alma@example.com',
  signedAt: now.toISOString(),
  meaning,
  subject: { stream: 'customer-c-1', version: 1 },
});
const decide = (approve: boolean, signerId = 'approver-1') => ({
  type: 'DecideApproval' as const,
  approve,
  approverIdGiven: signerId,
  signature: signature(approve ? 'approval' : 'rejection', signerId),
  signerRole: 'ADMIN' as const,
  reason: approve ? '' : 'Contract not signed',
  changeDescription: 'Customer approval',
  now,
});

const spec = deciderSpec(customerDecider);

describe('the customer decider', () => {
  describe('registration', () => {
    it('when an ADMIN registers a customer with another active ADMIN as approver, then it is registered awaiting approval', () => {
      spec.given().when({ type: 'RegisterCustomer', customerId: 'c-1', details, logo, actorUserId: 'admin-1', approver }).then([
        { type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, logo, registeredBy: 'admin-1' } },
      ]);
    });

    const ineligible: Array<[string, ApproverFacts | undefined, string]> = [
      ['unknown', undefined, 'admin-1'],
      ['a USER', { ...approver, role: 'USER' }, 'admin-1'],
      ['inactive', { ...approver, active: false }, 'admin-1'],
      ['the person registering', approver, 'approver-1'],
    ];
    for (const [what, facts, actor] of ineligible) {
      it(`when the approver is ${what}, then approver-not-eligible`, () => {
        spec.given().when({ type: 'RegisterCustomer', customerId: 'c-1', details, logo, actorUserId: actor, approver: facts }).thenRefuses({ code: 'approver-not-eligible' });
      });
    }
  });

  describe('changes', () => {
    it('when only unchanged fields and the same logo come, then nothing is recorded', () => {
      spec.given(registered).when({ type: 'UpdateCustomer', details, logo, actorUserId: 'admin-1', approver: undefined }).thenNothing();
    });

    it('when the approver is kept, then an ineligible current approver does not block other changes', () => {
      spec
        .given(registered)
        .when({ type: 'UpdateCustomer', details: { ...details, contactEmail: 'new@acme.example' }, actorUserId: 'approver-1', approver: undefined })
        .then([{ type: 'CustomerUpdated', data: { customerId: 'c-1', ...details, contactEmail: 'new@acme.example', changed: ['contactEmail'], editedBy: 'approver-1' } }]);
    });

    it('when the customer does not exist, then customer-not-found', () => {
      spec.given().when({ type: 'UpdateCustomer', details, actorUserId: 'admin-1', approver }).thenRefuses({ code: 'customer-not-found' });
    });
  });

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

    it('when an edit names the creator as approver, then approver-not-eligible', () => {
      const creator: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, approverId: 'approver-2', logo, registeredBy: 'approver-1' } };
      spec.given(creator).when({ type: 'UpdateCustomer', details, actorUserId: 'admin-3', approver }).thenRefuses({ code: 'approver-not-eligible' });
    });
  });

  describe('a change to an approved customer waits for the approver (issue 22)', () => {
    const approvedOnce: CustomerEvent = {
      type: 'CustomerApproved',
      data: { customerId: 'c-1', customerName: 'Acme Medical', approvedDate: now.toISOString(), changeDescription: '', signature: signature('approval') },
    };
    const newLogo: StoredFile = { sha256: 'b'.repeat(64), contentType: 'image/png', size: 70 };
    const website = { ...details, customerWebsiteLink: 'https://new.acme.example' };
    const edit = (next: CustomerDetails, actorUserId = 'admin-1', extra: { logo?: StoredFile; approver?: ApproverFacts } = {}) => ({
      type: 'UpdateCustomer' as const,
      details: next,
      actorUserId,
      approver: extra.approver,
      ...(extra.logo ? { logo: extra.logo } : {}),
    });
    const proposed = (next: CustomerDetails, changed: CustomerChangeField[], extra: { logo?: StoredFile; editedBy?: string } = {}): CustomerEvent => ({
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

    it('when an approved customer’s website is corrected, then the change is proposed and the approval stays', () => {
      spec.given(registered, approvedOnce).when(edit(website)).then([proposed(website, ['customerWebsiteLink'])]);
    });

    it('when any field or the logo of an approved customer changes, then each is part of the pending change', () => {
      const next = { ...details, contactInformation: '15550109999', countryExclusionList: 'US,DE' };
      spec.given(registered, approvedOnce).when(edit(next, 'admin-1', { logo: newLogo })).then([
        proposed(next, ['contactInformation', 'countryExclusionList', 'customerLogo'], { logo: newLogo }),
      ]);
    });

    it('when a pending change is edited again, then the new proposal replaces it (compared with the approved values), keeping its logo', () => {
      const first = proposed(website, ['customerWebsiteLink', 'customerLogo'], { logo: newLogo });
      const next = { ...website, contactEmail: 'team@acme.example' };
      spec.given(registered, approvedOnce, first).when(edit(next)).then([proposed(next, ['contactEmail', 'customerWebsiteLink', 'customerLogo'], { logo: newLogo })]);
    });

    it('when the same pending change is sent again, then nothing is recorded', () => {
      spec.given(registered, approvedOnce, proposed(website, ['customerWebsiteLink'])).when(edit(website)).thenNothing();
    });

    it('when an edit brings back the approved values, then the pending change is withdrawn; with nothing pending, nothing is recorded', () => {
      spec.given(registered, approvedOnce, proposed(website, ['customerWebsiteLink'])).when(edit(details, 'admin-2')).then([
        { type: 'CustomerChangeWithdrawn', data: { customerId: 'c-1', customerName: 'Acme Medical', editedBy: 'admin-2' } },
      ]);
      spec.given(registered, approvedOnce).when(edit(details)).thenNothing();
    });

    it('when the change names an ineligible approver, then approver-not-eligible and nothing is pending', () => {
      spec.given(registered, approvedOnce).when(edit({ ...details, approverId: 'approver-2' }, 'admin-1', { approver: { id: 'approver-2', role: 'USER', active: true } })).thenRefuses({ code: 'approver-not-eligible' });
    });

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
      spec.given(...after).when(edit(website)).then([proposed(website, ['customerWebsiteLink'])]);
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

    it('when a customer that is not approved is changed, then the change applies at once (nothing to keep public)', () => {
      spec.given(registered).when(edit(website)).then([{ type: 'CustomerUpdated', data: { customerId: 'c-1', ...website, changed: ['customerWebsiteLink'], editedBy: 'admin-1' } }]);
    });
  });

  describe('open access (issue 20)', () => {
    const openAccess = (on: boolean) => ({ type: 'ChangeOpenAccess' as const, openAccess: on, actorUserId: 'admin-1' });
    it('when an ADMIN opens a customer’s access, then it is recorded with who did it', () => {
      spec.given(registered).when(openAccess(true)).then([
        { type: 'CustomerOpenAccessChanged', data: { customerId: 'c-1', customerName: 'Acme Medical', openAccess: true, changedBy: 'admin-1' } },
      ]);
    });
    it('when access is already as asked, then nothing is recorded', () => {
      spec.given(registered).when(openAccess(false)).then([]);
      spec
        .given(registered, { type: 'CustomerOpenAccessChanged', data: { customerId: 'c-1', customerName: 'Acme Medical', openAccess: true, changedBy: 'admin-1' } })
        .when(openAccess(true))
        .then([]);
    });
    it('when the customer does not exist, then customer-not-found', () => {
      spec.given().when(openAccess(true)).thenRefuses({ code: 'customer-not-found' });
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

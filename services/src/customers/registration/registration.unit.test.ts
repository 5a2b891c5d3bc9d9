import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import type { ApproverFacts } from '../../auth';
import type { CustomerEvent } from '@ifu/contracts';
import { approvedOnce, approver, details, edit, logo, newLogo, proposed, registered, website } from '../customer.fixtures';
import { registrationDecider } from './rules';

const spec = deciderSpec(registrationDecider);

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

  describe('separation of duties and what a decision covers (issue 8, finding 6)', () => {
    it('when an edit names the creator as approver, then approver-not-eligible', () => {
      const creator: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, approverId: 'approver-2', logo, registeredBy: 'approver-1' } };
      spec.given(creator).when({ type: 'UpdateCustomer', details, actorUserId: 'admin-3', approver }).thenRefuses({ code: 'approver-not-eligible' });
    });
  });

  describe('a change to an approved customer waits for the approver (issue 22)', () => {
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
    it('when a customer that is not approved is changed, then the change applies at once (nothing to keep public)', () => {
      spec.given(registered).when(edit(website)).then([{ type: 'CustomerUpdated', data: { customerId: 'c-1', ...website, changed: ['customerWebsiteLink'], editedBy: 'admin-1' } }]);
    });
  });
});

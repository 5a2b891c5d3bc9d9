import { describe, it } from 'vitest';
import type { CustomerEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import type { ApproverFacts } from '../../auth';
import { approvedOnce, approver, details, edit, logo, now, proposed, registered, website } from '../customer.fixtures';
import { registrationDecider } from './rules';

const spec = deciderSpec(registrationDecider);
const today = now.toISOString().slice(0, 10);
const away: ApproverFacts = { ...approver, id: 'away', absence: { from: today, until: today, delegateId: 'deputy' } };
const deputy: ApproverFacts = { ...approver, id: 'deputy' };

describe('an absent approver’s delegate takes the customers submitted to them', () => {
  it('given an approver absent today, when an ADMIN registers a customer for them, then the delegate is its approver and the event names the absent one', () => {
    spec
      .given()
      .when({ type: 'RegisterCustomer', customerId: 'c-1', details: { ...details, approverId: 'away' }, logo, actorUserId: 'admin-1', approver: away, routing: { today, delegate: deputy } })
      .then([{ type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, approverId: 'deputy', logo, registeredBy: 'admin-1', delegatedFrom: 'away' } }]);
  });

  it('given a delegate who is the ADMIN registering it (never their own approver), then it stays with the approver chosen', () => {
    spec
      .given()
      .when({ type: 'RegisterCustomer', customerId: 'c-1', details: { ...details, approverId: 'away' }, logo, actorUserId: 'deputy', approver: away, routing: { today, delegate: deputy } })
      .then([{ type: 'CustomerRegistered', data: { customerId: 'c-1', ...details, approverId: 'away', logo, registeredBy: 'deputy' } }]);
  });

  it('given a customer awaiting approval, when an edit chooses an approver absent today, then the delegate takes it', () => {
    spec
      .given(registered)
      .when({ ...edit({ ...details, approverId: 'away' }, 'admin-1', { approver: away }), routing: { today, delegate: deputy } })
      .then([
        { type: 'CustomerUpdated', data: { customerId: 'c-1', ...details, approverId: 'deputy', changed: ['approverId'], editedBy: 'admin-1', delegatedFrom: 'away' } },
      ]);
  });

  it('given an approved customer, when a change chooses an approver absent today, then the proposed change goes to the delegate', () => {
    const next = { ...website, approverId: 'away' };
    const expected: CustomerEvent = proposed({ ...next, approverId: 'deputy' }, ['customerWebsiteLink', 'approverId']);
    spec
      .given(registered, approvedOnce)
      .when({ ...edit(next, 'admin-1', { approver: away }), routing: { today, delegate: deputy } })
      .then([{ ...expected, data: { ...expected.data, delegatedFrom: 'away' } } as CustomerEvent]);
  });

  it('given a pending change that went to a delegate, when a later edit keeps its approver, then the proposal still names whom they stand in for', () => {
    const first = proposed({ ...website, approverId: 'deputy' }, ['customerWebsiteLink', 'approverId']);
    const delegated = { ...first, data: { ...first.data, delegatedFrom: 'away' } } as CustomerEvent;
    const next = { ...website, contactEmail: 'new@acme.example', approverId: 'deputy' };
    const expected = proposed(next, ['contactEmail', 'customerWebsiteLink', 'approverId']);
    spec
      .given(registered, approvedOnce, delegated)
      .when(edit(next, 'admin-1', { approver: deputy }))
      .then([{ ...expected, data: { ...expected.data, delegatedFrom: 'away' } } as CustomerEvent]);
  });
});

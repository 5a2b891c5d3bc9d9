import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import { approvedOnce, details, edit, proposed, registered, website } from '../customer.fixtures';
import { registrationDecider } from './rules';

const spec = deciderSpec(registrationDecider);
const scanned = { ...details, visitorAccess: 'scanned-document' as const };

/** The choice of reading without an emailed link, as a detail of the customer record (issue 35 item 9). */
describe('the customer decider: who reads without an emailed link', () => {
  it('when an approved customer is given (b), then it is a change waiting for the approver, naming the field', () => {
    spec.given(registered, approvedOnce).when(edit(scanned)).then([proposed(scanned, ['visitorAccess'])]);
  });

  it('when an edit does not name the choice, then the pending one is kept', () => {
    const pending = proposed(scanned, ['visitorAccess']);
    spec.given(registered, approvedOnce, pending).when(edit(website)).then([proposed({ ...website, visitorAccess: 'scanned-document' }, ['customerWebsiteLink', 'visitorAccess'])]);
  });

  it('when the default is kept, then the events say nothing of it (they read as before the choice)', () => {
    spec.given(registered, approvedOnce).when(edit({ ...website, visitorAccess: 'emailed-link' })).then([proposed(website, ['customerWebsiteLink'])]);
  });

  it('when a customer awaiting approval is given (c), then it is updated with it', () => {
    spec
      .given(registered)
      .when(edit({ ...details, visitorAccess: 'open' }))
      .then([{ type: 'CustomerUpdated', data: { customerId: 'c-1', ...details, visitorAccess: 'open', changed: ['visitorAccess'], editedBy: 'admin-1' } }]);
  });
});

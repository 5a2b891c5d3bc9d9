import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import { registered } from '../customer.fixtures';
import { openAccessDecider } from './rules';

const spec = deciderSpec(openAccessDecider);

describe('the customer decider', () => {
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

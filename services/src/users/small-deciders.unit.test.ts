import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test-support/specs';
import { accessRequestDecider } from './access-requests';
import { bootstrapDecider } from './bootstrap';

describe('the access-request decider', () => {
  const spec = deciderSpec(accessRequestDecider);
  const ask = (account: 'unknown' | 'inactive' | 'active') => ({ type: 'NotifyAdministrators' as const, requestId: 'r-1', email: 'a@example.com', account, recipients: 2 });

  it('when an unknown address asks, then the administrators are notified to activate an email', () => {
    spec.given().when(ask('unknown')).then([{ type: 'AdministratorNotified', data: { requestId: 'r-1', email: 'a@example.com', reason: 'activate email', recipients: 2 } }]);
  });

  it('when an inactive account asks, then to activate the user', () => {
    spec.given().when(ask('inactive')).then([{ type: 'AdministratorNotified', data: { requestId: 'r-1', email: 'a@example.com', reason: 'activate user', recipients: 2 } }]);
  });

  it('when an active account asks, then it is refused: there is nothing to ask for', () => {
    spec.given().when(ask('active')).thenRefuses({ code: 'account-already-active' });
  });
});

describe('the bootstrap decider', () => {
  const spec = deciderSpec(bootstrapDecider);
  it('when the log is empty, then the first administrator is created once; a second start creates none', () => {
    spec.given().when({ type: 'Bootstrap', adminUserId: 'u-1', email: 'admin@example.com' }).then([
      { type: 'SystemBootstrapped', data: { adminUserId: 'u-1', email: 'admin@example.com' } },
    ]);
    spec
      .given({ type: 'SystemBootstrapped', data: { adminUserId: 'u-1', email: 'admin@example.com' } })
      .when({ type: 'Bootstrap', adminUserId: 'u-2', email: 'other@example.com' })
      .thenNothing();
  });
});

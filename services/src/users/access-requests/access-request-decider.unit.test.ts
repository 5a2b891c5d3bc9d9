import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test-support/specs';
import { accessRequestDecider } from './routes';

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

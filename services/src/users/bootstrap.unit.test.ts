import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test-support/specs';
import { bootstrapDecider } from './bootstrap';

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

import { describe, it } from 'vitest';
import type { Signature, UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { userDecider } from './decider';

const userId = 'u-1';
const now = new Date('2026-11-21T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, origin: 'admin' },
};
const passwordSet: UserEvent = { type: 'PasswordSet', data: { userId, setAt: now.toISOString(), via: 'set-password-link' } };

const spec = deciderSpec(userDecider);

describe('the user decider', () => {
  describe('Manage User', () => {
    const signature: Signature = {
      signerId: 'admin-1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      signedAt: now.toISOString(),
      meaning: 'deactivation',
      subject: { stream: `user-${userId}`, version: 2 },
    };

    it('when an admin deactivates a user with their signature, then the event carries it', () => {
      spec.given(registered, passwordSet).when({ type: 'DeactivateUser', actorUserId: 'admin-1', activeAdminCount: 2, signature, now }).then([
        { type: 'UserDeactivated', data: { userId, at: now.toISOString(), signature } },
      ]);
    });

    it('when the user to change does not exist, then user-not-found', () => {
      spec
        .given()
        .when({ type: 'ModifyUser', actorUserId: 'admin-1', activeAdminCount: 2, email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'USER', isTrainingCompleted: true, now })
        .thenRefuses({ code: 'user-not-found' });
    });

  });
});

import { describe, it } from 'vitest';
import type { UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { identityChangeDecider } from './rules';

const userId = 'u-1';
const now = new Date('2026-11-21T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, origin: 'admin' },
};

const spec = deciderSpec(identityChangeDecider);

describe('the user decider', () => {
  describe('a change of email or name', () => {
    const to = { email: 'ann.new@example.com', firstName: 'Ann', lastName: 'Lee' };
    const requested = (needsAcceptance: boolean, changed = ['email'], expiresAt = '2026-11-22T10:00:00.000Z'): UserEvent => ({
      type: 'IdentityChangeRequested',
      data: { userId, requestedBy: needsAcceptance ? 'admin-1' : userId, to, changed, needsAcceptance, expiresAt },
    });
    const accepted: UserEvent = { type: 'IdentityChangeAccepted', data: { userId, at: now.toISOString() } };
    const applied: UserEvent = {
      type: 'UserModified',
      data: { userId, ...to, role: 'USER', isTrainingCompleted: true, changed: ['email'], via: 'identity-change' },
    };

    it("when an admin's change of address is confirmed before it was accepted, then it is refused", () => {
      spec.given(registered, requested(true)).when({ type: 'ConfirmNewEmail', now }).thenRefuses({ code: 'identity-change-invalid' });
    });

    it('when the user accepts a change of address, then only the acceptance is recorded; confirming from the new address applies it', () => {
      spec.given(registered, requested(true)).when({ type: 'AcceptIdentityChange', now }).then([accepted]);
      spec.given(registered, requested(true), accepted).when({ type: 'ConfirmNewEmail', now }).then([applied]);
    });

    it('when the user accepts a change of name alone, then it applies at once', () => {
      const names = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Smith' };
      spec
        .given(registered, { type: 'IdentityChangeRequested', data: { userId, requestedBy: 'admin-1', to: names, changed: ['lastName'], needsAcceptance: true, expiresAt: '2026-11-22T10:00:00.000Z' } })
        .when({ type: 'AcceptIdentityChange', now })
        .then([accepted, { type: 'UserModified', data: { userId, ...names, role: 'USER', isTrainingCompleted: true, changed: ['lastName'], via: 'identity-change' } }]);
    });

    it("when users confirm their own new address, then it applies without an acceptance; there is nothing to accept", () => {
      spec.given(registered, requested(false)).when({ type: 'ConfirmNewEmail', now }).then([applied]);
      spec.given(registered, requested(false)).when({ type: 'AcceptIdentityChange', now }).thenRefuses({ code: 'identity-change-invalid' });
    });

    it('when the change has expired, was applied already, replaced, or the user is inactive, then it is refused', () => {
      spec.given(registered, requested(false, ['email'], now.toISOString())).when({ type: 'ConfirmNewEmail', now }).thenRefuses({ code: 'identity-change-invalid' });
      spec.given(registered, requested(false), applied).when({ type: 'ConfirmNewEmail', now }).thenRefuses({ code: 'identity-change-invalid' });
      spec
        .given(registered, requested(false), { type: 'IdentityChangeCancelled', data: { userId, at: now.toISOString(), reason: 'replaced' } })
        .when({ type: 'ConfirmNewEmail', now })
        .thenRefuses({ code: 'identity-change-invalid' });
      spec
        .given(registered, requested(true), { type: 'UserDeactivated', data: { userId, at: now.toISOString() } })
        .when({ type: 'AcceptIdentityChange', now })
        .thenRefuses({ code: 'identity-change-invalid' });
    });

    it('when nobody asked for a change, then accepting or confirming is refused', () => {
      spec.given(registered).when({ type: 'AcceptIdentityChange', now }).thenRefuses({ code: 'identity-change-invalid' });
      spec.given(registered).when({ type: 'ConfirmNewEmail', now }).thenRefuses({ code: 'identity-change-invalid' });
    });
  });
});

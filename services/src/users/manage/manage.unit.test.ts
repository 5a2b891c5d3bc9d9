import { describe, it } from 'vitest';
import type { Role, Signature, UserEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { manageUserDecider } from './rules';

const userId = 'u-1';
const now = new Date('2026-11-21T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, origin: 'admin' },
};
const passwordSet: UserEvent = { type: 'PasswordSet', data: { userId, setAt: now.toISOString(), via: 'set-password-link' } };

const spec = deciderSpec(manageUserDecider);

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

  describe('training before signing', () => {
    const admin = { userId: 'admin-1', name: 'Ada Admin', role: 'ADMIN' as Role, active: true };
    const record = (completed: boolean, actor = admin) => ({ type: 'RecordTraining' as const, actor, completed, now });
    const trainingRecorded = (completed: boolean): UserEvent => ({
      type: 'UserTrainingRecorded',
      data: { userId, completed, at: now.toISOString(), recordedBy: { userId: 'admin-1', name: 'Ada Admin' } },
    });
    const edit = (isTrainingCompleted: boolean, actor: typeof admin | null = admin) => ({
      type: 'ModifyUser' as const,
      actorUserId: actor?.userId ?? 'admin-1',
      activeAdminCount: 2,
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'USER' as Role,
      isTrainingCompleted,
      ...(actor ? { actor } : {}),
      now,
    });

    it('when the ADMIN adding a user attests their training, then UserRegistered names that ADMIN', () => {
      const recordedBy = { userId: 'admin-1', name: 'Ada Admin' };
      spec
        .given()
        .when({ type: 'RegisterUser', userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, trainingRecordedBy: recordedBy })
        .then([{ type: 'UserRegistered', data: { ...registered.data, trainingRecordedBy: recordedBy } }]);
    });

    it('when an active ADMIN records a trained user as not trained (retraining), then UserTrainingRecorded says who and when', () => {
      spec.given(registered).when(record(false)).then([trainingRecorded(false)]);
    });

    it('when an active ADMIN records the training of an untrained user as completed, then UserTrainingRecorded says so', () => {
      spec.given(registered, trainingRecorded(false)).when(record(true)).then([trainingRecorded(true)]);
    });

    it('when the training is recorded as it already stands, then nothing is recorded', () => {
      spec.given(registered).when(record(true)).thenNothing();
    });

    it('when a USER, or an ADMIN no longer active, records training, then admin-only', () => {
      spec.given(registered).when(record(false, { ...admin, role: 'USER' })).thenRefuses({ code: 'admin-only' });
      spec.given(registered).when(record(false, { ...admin, active: false })).thenRefuses({ code: 'admin-only' });
    });

    it('when an ADMIN records their own training, either way, then training-own-record (four eyes)', () => {
      const self = { ...admin, userId };
      spec.given(registered, trainingRecorded(false)).when(record(true, self)).thenRefuses({ code: 'training-own-record' });
      spec.given(registered).when(record(false, self)).thenRefuses({ code: 'training-own-record' });
    });

    it('when the user does not exist, then user-not-found', () => {
      spec.given().when(record(true)).thenRefuses({ code: 'user-not-found' });
    });

    it('when the edit form clears the box, then the change is recorded as the training (not as an edit of the user)', () => {
      spec.given(registered).when(edit(false)).then([trainingRecorded(false)]);
    });

    it('when the edit form changes the training of the ADMIN editing, then training-own-record and nothing else changes', () => {
      spec
        .given(registered, trainingRecorded(false))
        .when({ ...edit(true, { ...admin, userId }), lastName: 'Leigh' })
        .thenRefuses({ code: 'training-own-record' });
    });

    it('when an edit changes the training without saying who acts now, then admin-only', () => {
      spec.given(registered).when(edit(false, null)).thenRefuses({ code: 'admin-only' });
    });

    it('when an edit leaves the training as it is, then it needs no training rule (a user editing their own name)', () => {
      spec
        .given(registered, trainingRecorded(false))
        .when({ ...edit(false, null), actorUserId: userId, lastName: 'Leigh' })
        .then([{ type: 'UserModified', data: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: 'Leigh', role: 'USER', isTrainingCompleted: false, changed: ['lastName'] } }]);
    });
  });

  describe('reactivation', () => {
    const reactivation: Signature = {
      signerId: 'admin-1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      signedAt: now.toISOString(),
      meaning: 'reactivation',
      subject: { stream: `user-${userId}`, version: 2 },
    };
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId, at: now.toISOString() } };
    const admin: { userId: string; role: Role; active: boolean } = { userId: 'admin-1', role: 'ADMIN', active: true };
    const reactivate = (actor = admin) => ({ type: 'ReactivateUser' as const, actor, signature: reactivation, now });

    it('when an active ADMIN reactivates a deactivated user with their signature, then UserReactivated carries it and asks for a new password', () => {
      spec
        .given(registered, passwordSet, deactivated)
        .when(reactivate())
        .then([{ type: 'UserReactivated', data: { userId, at: now.toISOString(), signature: reactivation, newPasswordRequired: true } }]);
    });

    it('when the user was reactivated, then they are active again and may be deactivated again', () => {
      const reactivated: UserEvent = { type: 'UserReactivated', data: { userId, at: now.toISOString(), signature: reactivation, newPasswordRequired: true } };
      spec.given(registered, deactivated, reactivated).when(reactivate()).thenRefuses({ code: 'user-already-active' });
      spec
        .given(registered, deactivated, reactivated)
        .when({ type: 'DeactivateUser', actorUserId: 'admin-1', activeAdminCount: 2, signature: { ...reactivation, meaning: 'deactivation' }, now })
        .then([{ type: 'UserDeactivated', data: { userId, at: now.toISOString(), signature: { ...reactivation, meaning: 'deactivation' } } }]);
    });

    it('when the user is active, then user-already-active', () => {
      spec.given(registered, passwordSet).when(reactivate()).thenRefuses({ code: 'user-already-active' });
    });

    it('when the actor is not an ADMIN now, or not active now, then admin-only (before anything about the user)', () => {
      spec.given(registered, deactivated).when(reactivate({ ...admin, role: 'USER' })).thenRefuses({ code: 'admin-only' });
      spec.given(registered, deactivated).when(reactivate({ ...admin, active: false })).thenRefuses({ code: 'admin-only' });
      spec.given().when(reactivate({ ...admin, active: false })).thenRefuses({ code: 'admin-only' });
    });

    it('when the user does not exist, then user-not-found', () => {
      spec.given().when(reactivate()).thenRefuses({ code: 'user-not-found' });
    });

    it('when an edit says userActive true for a deactivated user, then it is refused: only the signed command reactivates', () => {
      spec
        .given(registered, deactivated)
        .when({ type: 'ModifyUser', actorUserId: 'admin-1', activeAdminCount: 2, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, userActive: true, now })
        .thenRefuses({ code: 'reactivation-needs-signature' });
    });
  });
});

import { describe, expect, it } from 'vitest';
import { applyEvent, type RecordFields } from './record-fields';

/** Folds events as the history does: each step's changes, old before the event, new after it. */
function fold(kind: Parameters<typeof applyEvent>[0], events: Array<{ type: string; data: unknown }>) {
  let fields: RecordFields = {};
  return events.map((event) => {
    const { after, changes } = applyEvent(kind, fields, event);
    fields = after;
    return changes;
  });
}

describe('the fold of a record for its history', () => {
  it('a notice edited twice: each edit shows its text before and after, and a step that changes nothing shows nothing', () => {
    const scope = { customerId: null, productId: null };
    const steps = fold('notice', [
      { type: 'NotificationAdded', data: { notificationId: 3, notificationText: 'First', ...scope, addedBy: 'a' } },
      { type: 'NotificationUpdated', data: { notificationId: 3, notificationText: 'Second', ...scope, editedBy: 'a', changed: ['notificationText'] } },
      { type: 'NotificationUpdated', data: { notificationId: 3, notificationText: 'Third', ...scope, editedBy: 'b', changed: ['notificationText'] } },
      { type: 'NotificationDeleted', data: { notificationId: 3, deletedBy: 'b' } },
    ]);
    expect(steps[0]).toEqual(
      expect.arrayContaining([
        { field: 'notificationText', old: '', new: 'First' },
        { field: 'status', old: '', new: 'Active' },
      ]),
    );
    expect(steps[1]).toEqual([{ field: 'notificationText', old: 'First', new: 'Second' }]);
    expect(steps[2]).toEqual([{ field: 'notificationText', old: 'Second', new: 'Third' }]);
    expect(steps[3]).toEqual([{ field: 'status', old: 'Active', new: 'Deleted' }]);
  });

  it("a user's deactivation and reactivation read as active true → false → true; sign-ins change no field", () => {
    const profile = { email: 'u@example.com', firstName: 'Uma', lastName: 'User', role: 'USER', isTrainingCompleted: false };
    const steps = fold('user', [
      { type: 'UserRegistered', data: { userId: 'u', origin: 'admin', ...profile } },
      { type: 'LoginSucceeded', data: { userId: 'u', sessionId: 's', at: 'x' } },
      { type: 'UserDeactivated', data: { userId: 'u', at: 'x' } },
      { type: 'UserReactivated', data: { userId: 'u', at: 'y' } },
    ]);
    expect(steps[1]).toEqual([]);
    expect(steps[2]).toEqual([{ field: 'active', old: 'true', new: 'false' }]);
    expect(steps[3]).toEqual([{ field: 'active', old: 'false', new: 'true' }]);
  });

  it("a user's training recorded as completed reads as isTrainingCompleted false → true", () => {
    const profile = { email: 't@example.com', firstName: 'Tia', lastName: 'Trainee', role: 'USER', isTrainingCompleted: false };
    const steps = fold('user', [
      { type: 'UserRegistered', data: { userId: 't', origin: 'admin', ...profile } },
      { type: 'UserTrainingRecorded', data: { userId: 't', completed: true, at: 'x', recordedBy: { userId: 'a', name: 'Ada Admin' } } },
    ]);
    expect(steps[1]).toEqual([{ field: 'isTrainingCompleted', old: 'false', new: 'true' }]);
  });

  it("a user's second factor reads as enrolled, then cleared by a signed reset; codes given change no field", () => {
    const profile = { email: 's@example.com', firstName: 'Sam', lastName: 'Second', role: 'ADMIN', isTrainingCompleted: true };
    const signature = { signerId: 'a', name: 'Ada Admin', email: 'a@example.com', signedAt: 'y', meaning: 'factor-reset' };
    const steps = fold('user', [
      { type: 'UserRegistered', data: { userId: 's', origin: 'admin', ...profile } },
      { type: 'SecondFactorEnrolled', data: { userId: 's', at: 'x', enrolmentId: 'e', factorSeal: 'seal', recoveryCodes: 10 } },
      { type: 'SecondFactorCodeAccepted', data: { userId: 's', at: 'x', timeStep: 1, purpose: 'login' } },
      { type: 'SecondFactorReset', data: { userId: 's', at: 'y', signature } },
    ]);
    expect(steps[1]).toEqual([{ field: 'secondFactor', old: '', new: 'enrolled' }]);
    expect(steps[2]).toEqual([]);
    expect(steps[3]).toEqual([{ field: 'secondFactor', old: 'enrolled', new: '' }]);
  });

  it('an event type the fold does not know (or data of an older shape) changes no field and does not fail', () => {
    expect(fold('changeOrder', [{ type: 'SomethingFromTheFuture', data: {} }, { type: 'ChangeOrderCreated', data: {} }])).toEqual([[], []]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Signature, UserEvent } from '@ifu/contracts';
import { foldUser } from '../../auth';
import { type DeactivateUser, decideDeactivate, decideModify, decideRegister, type ModifyUser } from './rules';

const now = new Date('2026-11-21T10:00:00.000Z');
const registered = (userId: string, role: 'USER' | 'ADMIN' = 'USER'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, email: `${userId}@example.com`, firstName: 'Ann', lastName: 'Lee', role, isTrainingCompleted: true, origin: 'admin' },
});
const modify = (overrides: Partial<ModifyUser> = {}): ModifyUser => ({
  type: 'ModifyUser',
  actorUserId: 'admin-1',
  activeAdminCount: 2,
  email: 'u-1@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'USER',
  isTrainingCompleted: true,
  now,
  ...overrides,
});

const signature: Signature = {
  signerId: 'admin-1',
  name: 'Ada Admin',
  email: 'admin-1@example.com',
  signedAt: now.toISOString(),
  meaning: 'deactivation',
  subject: { stream: 'user-u-1', version: 1 },
};
const deactivate = (overrides: Partial<DeactivateUser> = {}): DeactivateUser => ({
  type: 'DeactivateUser',
  actorUserId: 'admin-1',
  activeAdminCount: 2,
  signature,
  now,
  ...overrides,
});

describe('Manage User deciders', () => {
  it('when a new user is registered, then UserRegistered carries the given fields', () => {
    const decision = decideRegister(foldUser([]), {
      type: 'RegisterUser', userId: 'u-1', email: 'u-1@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true,
    });
    expect(decision.events).toEqual([registered('u-1')]);
  });

  it('when the user already exists, then registering again is refused', () => {
    expect(decideRegister(foldUser([registered('u-1')]), {
      type: 'RegisterUser', userId: 'u-1', email: 'x@example.com', firstName: 'A', lastName: 'B', role: 'USER', isTrainingCompleted: true,
    }).rejection).toBe('user-exists');
  });

  /** The events of a change: what applies now (UserModified) and what waits for the user (the request). */
  const modified = (fields: Record<string, unknown>, changed: string[]): UserEvent => ({
    type: 'UserModified',
    data: { userId: 'u-1', email: 'u-1@example.com', firstName: 'Ann', lastName: 'Lee', role: 'USER', isTrainingCompleted: true, ...fields, changed },
  });
  const requested = (requestedBy: string, to: Record<string, string>, changed: string[]): UserEvent => ({
    type: 'IdentityChangeRequested',
    data: {
      userId: 'u-1',
      requestedBy,
      to: { email: 'u-1@example.com', firstName: 'Ann', lastName: 'Lee', ...to },
      changed,
      needsAcceptance: requestedBy !== 'u-1',
      expiresAt: '2026-11-22T10:00:00.000Z',
    },
  });

  it('when an admin changes role and last name, then the role changes now and the name waits for the user', () => {
    expect(decideModify(foldUser([registered('u-1')]), modify({ lastName: 'Smith', role: 'ADMIN' })).events).toEqual([
      modified({ role: 'ADMIN' }, ['role']),
      requested('admin-1', { lastName: 'Smith' }, ['lastName']),
    ]);
  });

  it('when users change their own names, then that takes effect at once; their own new address waits for its confirmation', () => {
    const own = modify({ actorUserId: 'u-1', firstName: 'Anne', email: 'anne@example.com' });
    expect(decideModify(foldUser([registered('u-1')]), own).events).toEqual([
      modified({ firstName: 'Anne' }, ['firstName']),
      requested('u-1', { email: 'anne@example.com', firstName: 'Anne' }, ['email']),
    ]);
  });

  it('when the same change is asked for again, then nothing new is recorded; another change replaces the waiting one', () => {
    const first = decideModify(foldUser([registered('u-1')]), modify({ email: 'new@example.com' })).events;
    const state = foldUser([registered('u-1'), ...first]);
    expect(decideModify(state, modify({ email: 'new@example.com' })).events).toEqual([]);
    const replaced = decideModify(state, modify({ email: 'other@example.com' })).events;
    expect(replaced.map((event) => event.type)).toEqual(['IdentityChangeCancelled', 'IdentityChangeRequested']);
  });

  it('when nothing changes, then nothing is recorded', () => {
    expect(decideModify(foldUser([registered('u-1')]), modify()).events).toEqual([]);
  });

  it('when an admin removes their own ADMIN role, then it is refused', () => {
    expect(decideModify(foldUser([registered('admin-1', 'ADMIN')]), modify({ email: 'admin-1@example.com', role: 'USER' })).rejection).toBe('cannot-demote-self');
  });

  it('when the last active ADMIN would be demoted, then it is refused', () => {
    const decision = decideModify(foldUser([registered('a-2', 'ADMIN')]), modify({ email: 'a-2@example.com', role: 'USER', activeAdminCount: 1 }));
    expect(decision.rejection).toBe('last-admin-demotion');
  });

  it('when an inactive user is modified with userActive true, then it is refused: reactivation is signed', () => {
    const state = foldUser([registered('u-1'), { type: 'UserDeactivated', data: { userId: 'u-1', at: now.toISOString() } }]);
    expect(decideModify(state, modify({ userActive: true }))).toEqual({ events: [], rejection: 'reactivation-needs-signature' });
  });

  it('when an active user is modified with userActive true, then that is no change', () => {
    expect(decideModify(foldUser([registered('u-1')]), modify({ userActive: true }))).toEqual({ events: [] });
  });

  it('when a user is deactivated, then UserDeactivated is recorded; a second time records nothing', () => {
    const decision = decideDeactivate(foldUser([registered('u-1')]), deactivate());
    expect(decision.events).toEqual([{ type: 'UserDeactivated', data: { userId: 'u-1', at: now.toISOString(), signature } }]);
    const again = decideDeactivate(foldUser([registered('u-1'), ...decision.events]), deactivate());
    expect(again).toEqual({ events: [] });
  });

  it('when an admin deactivates themself, or the last active ADMIN, then it is refused', () => {
    expect(decideDeactivate(foldUser([registered('admin-1', 'ADMIN')]), deactivate()).rejection).toBe('cannot-deactivate-self');
    expect(decideDeactivate(foldUser([registered('a-2', 'ADMIN')]), deactivate({ activeAdminCount: 1 })).rejection).toBe('last-admin-deactivation');
  });

  it('when the user does not exist, then modify and deactivate answer not found', () => {
    expect(decideModify(foldUser([]), modify()).rejection).toBe('user-not-found');
    expect(decideDeactivate(foldUser([]), deactivate()).rejection).toBe('user-not-found');
  });
});

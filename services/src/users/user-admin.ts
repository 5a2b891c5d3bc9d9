import type { Role, Signature, UserEvent } from '@ifu/contracts';
import type { UserState } from './user';

/** Commands of Manage User (spec §2.3). Who acts and how many active ADMINs exist arrive as data. */
export interface RegisterUser {
  type: 'RegisterUser';
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isTrainingCompleted: boolean;
  /** 'bootstrap' for the first administrator of an empty log; 'admin' (the default) for Manage User. */
  origin?: 'bootstrap' | 'admin';
}

export interface ModifyUser {
  type: 'ModifyUser';
  actorUserId: string;
  activeAdminCount: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isTrainingCompleted: boolean;
  /** true reactivates a deactivated user. */
  userActive?: boolean;
  now: Date;
}

export interface DeactivateUser {
  type: 'DeactivateUser';
  actorUserId: string;
  activeAdminCount: number;
  /** The deactivating admin's electronic signature (meaning 'deactivation'). */
  signature: Signature;
  now: Date;
}

export type UserAdminRejection =
  | 'user-exists'
  | 'user-not-found'
  | 'cannot-deactivate-self'
  | 'cannot-demote-self'
  | 'last-admin-deactivation'
  | 'last-admin-demotion';

export type UserAdminDecision = { events: UserEvent[]; rejection?: undefined } | { events: []; rejection: UserAdminRejection };

const reject = (rejection: UserAdminRejection): UserAdminDecision => ({ events: [], rejection });

export function decideRegister(state: UserState, command: RegisterUser): UserAdminDecision {
  if (state.exists) return reject('user-exists');
  const { userId, email, firstName, lastName, role, isTrainingCompleted, origin = 'admin' } = command;
  return {
    events: [{ type: 'UserRegistered', data: { userId, email, firstName, lastName, role, isTrainingCompleted, origin } }],
  };
}

export function decideModify(state: UserState, command: ModifyUser): UserAdminDecision {
  if (!state.exists) return reject('user-not-found');
  const isActive = state.userActive && !state.isDeleted;
  const demotion = state.role === 'ADMIN' && command.role !== 'ADMIN';
  if (demotion && state.userId === command.actorUserId) return reject('cannot-demote-self');
  if (demotion && isActive && command.activeAdminCount <= 1) return reject('last-admin-demotion');

  const next = {
    email: command.email,
    firstName: command.firstName,
    lastName: command.lastName,
    role: command.role,
    isTrainingCompleted: command.isTrainingCompleted,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== state[key]);
  const events: UserEvent[] = [];
  if (changed.length > 0) events.push({ type: 'UserModified', data: { userId: state.userId, ...next, changed } });
  if (command.userActive === true && !isActive) {
    events.push({ type: 'UserReactivated', data: { userId: state.userId, at: command.now.toISOString() } });
  }
  return { events };
}

export function decideDeactivate(state: UserState, command: DeactivateUser): UserAdminDecision {
  if (!state.exists) return reject('user-not-found');
  if (state.userId === command.actorUserId) return reject('cannot-deactivate-self');
  if (!state.userActive || state.isDeleted) return { events: [] };
  if (state.role === 'ADMIN' && command.activeAdminCount <= 1) return reject('last-admin-deactivation');
  return { events: [{ type: 'UserDeactivated', data: { userId: state.userId, at: command.now.toISOString(), signature: command.signature } }] };
}

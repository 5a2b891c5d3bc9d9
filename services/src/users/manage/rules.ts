import type { Role, Signature, TrainingRecorder, UserEvent, UserProfile } from '@ifu/contracts';
import type { UserState } from '../../auth';
import { asDecision, userDeciderOf } from '../user';

/** Commands of Manage User (spec §2.3): add, modify, deactivate, reactivate, and a user's training. Who acts and how many active ADMINs exist arrive as data. */
export interface RegisterUser extends UserProfile {
  type: 'RegisterUser';
  userId: string;
  /** 'bootstrap' for the first administrator of an empty log; 'admin' (the default) for Manage User. */
  origin?: 'bootstrap' | 'admin';
  /** The ADMIN adding the user, who attests their training on the Add User form. */
  trainingRecordedBy?: TrainingRecorder;
}

/**
 * Whoever records a user's training, as their account is now (role, active, printed name): the session's role is
 * not trusted for it.
 */
export interface TrainingActor {
  userId: string;
  name: string;
  role: Role;
  active: boolean;
}

/** An ADMIN records a user's training as completed, or as not completed (21 CFR 11.10(i)). */
export interface RecordTraining {
  type: 'RecordTraining';
  actor: TrainingActor;
  completed: boolean;
  now: Date;
}

export interface ModifyUser extends UserProfile {
  type: 'ModifyUser';
  actorUserId: string;
  activeAdminCount: number;
  /** The spec's payload carries it; true for a deactivated user is refused (reactivation is signed: ReactivateUser). */
  userActive?: boolean;
  /**
   * The actor as their account is now, for a change of `isTrainingCompleted`: that is recorded as the user's training
   * (`decideRecordTraining`), not as an edit. Without it, such a change is refused ('admin-only').
   */
  actor?: TrainingActor;
  now: Date;
}

export interface DeactivateUser {
  type: 'DeactivateUser';
  actorUserId: string;
  activeAdminCount: number;
  /** The deactivating admin's electronic signature (meaning 'deactivation'). */
  signature: Signature;
  /** Why, as the ADMIN gave it (trimmed); absent or empty when none was given. */
  reason?: string;
  now: Date;
}

/**
 * A deactivated user made active again, signed by an ADMIN (meaning 'reactivation'). The actor as their
 * account is now (role, active) arrives as data: the session's role is not trusted for it.
 */
export interface ReactivateUser {
  type: 'ReactivateUser';
  actor: { userId: string; role: Role; active: boolean };
  signature: Signature;
  now: Date;
}

export type UserAdminRejection =
  | 'admin-only'
  | 'user-already-active'
  | 'reactivation-needs-signature'
  | 'identity-change-invalid'
  | 'user-exists'
  | 'user-not-found'
  | 'cannot-deactivate-self'
  | 'cannot-demote-self'
  | 'last-admin-deactivation'
  | 'last-admin-demotion'
  | 'training-own-record';

export type UserAdminDecision = { events: UserEvent[]; rejection?: undefined } | { events: []; rejection: UserAdminRejection };

const reject = (rejection: UserAdminRejection): UserAdminDecision => ({ events: [], rejection });

export function decideRegister(state: UserState, command: RegisterUser): UserAdminDecision {
  if (state.exists) return reject('user-exists');
  const { userId, email, firstName, lastName, role, isTrainingCompleted, origin = 'admin', trainingRecordedBy } = command;
  const attested = isTrainingCompleted && trainingRecordedBy ? { trainingRecordedBy } : {};
  return {
    events: [{ type: 'UserRegistered', data: { userId, email, firstName, lastName, role, isTrainingCompleted, origin, ...attested } }],
  };
}

/**
 * A user's training recorded: only by an ADMIN whose account is active now, never of their own account
 * (four eyes: whoever signs is not whoever vouches for their training), and only when it changes (the same value
 * again records nothing). Recorded as not completed, the user can still author but cannot sign.
 */
export function decideRecordTraining(state: UserState, command: RecordTraining): UserAdminDecision {
  if (command.actor.role !== 'ADMIN' || !command.actor.active) return reject('admin-only');
  if (!state.exists) return reject('user-not-found');
  if (state.userId === command.actor.userId) return reject('training-own-record');
  if (state.isTrainingCompleted === command.completed) return { events: [] };
  const recordedBy = { userId: command.actor.userId, name: command.actor.name };
  return { events: [{ type: 'UserTrainingRecorded', data: { userId: state.userId, completed: command.completed, at: command.now.toISOString(), recordedBy } }] };
}

/** How long the user has to accept or confirm a change of their email or name. */
export const IDENTITY_CHANGE_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Changes to a user's record. The role changes at once; a change of training is recorded as such (by an ADMIN, of
 * someone else: `decideRecordTraining`). A user's identity (email and printed name: what
 * signs as them, and where their password links go) never changes by someone else's edit alone:
 * it becomes a request that the user accepts from their current address, and a new address is confirmed from itself.
 * A user changing their own name does it at once; their own new address still needs confirming from it.
 */
export function decideModify(state: UserState, command: ModifyUser): UserAdminDecision {
  if (!state.exists) return reject('user-not-found');
  const isActive = state.userActive && !state.isDeleted;
  // Reactivation is a signed command of its own: an edit never reactivates.
  if (command.userActive === true && !isActive) return reject('reactivation-needs-signature');
  const demotion = state.role === 'ADMIN' && command.role !== 'ADMIN';
  if (demotion && state.userId === command.actorUserId) return reject('cannot-demote-self');
  if (demotion && isActive && command.activeAdminCount <= 1) return reject('last-admin-demotion');

  const self = state.userId === command.actorUserId;
  const wanted = { email: command.email, firstName: command.firstName, lastName: command.lastName };
  const identityChanged = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((key) => wanted[key] !== state[key]);
  // A change of training is the training's own record, by its own rules, decided before anything else.
  let training: UserEvent[] = [];
  if (command.isTrainingCompleted !== state.isTrainingCompleted) {
    if (!command.actor) return reject('admin-only');
    const recorded = decideRecordTraining(state, { type: 'RecordTraining', actor: command.actor, completed: command.isTrainingCompleted, now: command.now });
    if (recorded.rejection) return recorded;
    training = recorded.events;
  }
  // What takes effect now: the role always; the names too when users change their own.
  const names = self ? { firstName: command.firstName, lastName: command.lastName } : { firstName: state.firstName, lastName: state.lastName };
  const next = { email: state.email, ...names, role: command.role, isTrainingCompleted: state.isTrainingCompleted };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== state[key]);
  const requested = self ? identityChanged.filter((key) => key === 'email') : identityChanged;
  const pending = state.pendingIdentityChange;
  const sameAsPending =
    pending !== null && pending.to.email === wanted.email && pending.to.firstName === wanted.firstName && pending.to.lastName === wanted.lastName;

  const events: UserEvent[] = [];
  if (changed.length > 0) events.push({ type: 'UserModified', data: { userId: state.userId, ...next, changed } });
  events.push(...training);
  if (requested.length > 0 && !sameAsPending) {
    const at = command.now.toISOString();
    if (pending) events.push({ type: 'IdentityChangeCancelled', data: { userId: state.userId, at, reason: 'replaced' } });
    events.push({
      type: 'IdentityChangeRequested',
      data: {
        userId: state.userId,
        requestedBy: command.actorUserId,
        to: { email: wanted.email, ...(self ? names : { firstName: wanted.firstName, lastName: wanted.lastName }) },
        changed: requested,
        needsAcceptance: !self,
        expiresAt: new Date(command.now.getTime() + IDENTITY_CHANGE_LIFETIME_MS).toISOString(),
      },
    });
  }
  return { events };
}

export function decideDeactivate(state: UserState, command: DeactivateUser): UserAdminDecision {
  if (!state.exists) return reject('user-not-found');
  if (state.userId === command.actorUserId) return reject('cannot-deactivate-self');
  if (!state.userActive || state.isDeleted) return { events: [] };
  if (state.role === 'ADMIN' && command.activeAdminCount <= 1) return reject('last-admin-deactivation');
  const reason = command.reason?.trim();
  return {
    events: [{ type: 'UserDeactivated', data: { userId: state.userId, at: command.now.toISOString(), signature: command.signature, ...(reason ? { reason } : {}) } }],
  };
}

/**
 * Reactivation: only by an ADMIN whose account is active now, only of a deactivated user. The user must set
 * a fresh password (`newPasswordRequired`): the one they had stopped being theirs alone while they were away.
 */
export function decideReactivate(state: UserState, command: ReactivateUser): UserAdminDecision {
  if (command.actor.role !== 'ADMIN' || !command.actor.active) return reject('admin-only');
  if (!state.exists) return reject('user-not-found');
  if (state.userActive && !state.isDeleted) return reject('user-already-active');
  return {
    events: [
      { type: 'UserReactivated', data: { userId: state.userId, at: command.now.toISOString(), signature: command.signature, newPasswordRequired: true } },
    ],
  };
}

export type ManageUserCommand = RegisterUser | ModifyUser | DeactivateUser | ReactivateUser | RecordTraining;

/** Manage User's decider: its commands on the user aggregate (`user.ts`). */
export const manageUserDecider = userDeciderOf<ManageUserCommand>((command, state) => {
  switch (command.type) {
    case 'RegisterUser':
      return asDecision(decideRegister(state, command));
    case 'ModifyUser':
      return asDecision(decideModify(state, command));
    case 'DeactivateUser':
      return asDecision(decideDeactivate(state, command));
    case 'ReactivateUser':
      return asDecision(decideReactivate(state, command));
    case 'RecordTraining':
      return asDecision(decideRecordTraining(state, command));
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
});

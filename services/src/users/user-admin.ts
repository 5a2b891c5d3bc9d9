import type { Role, Signature, UserEvent, UserProfile } from '@ifu/contracts';
import type { UserState } from './user';

/** Commands of Manage User (spec §2.3). Who acts and how many active ADMINs exist arrive as data. */
export interface RegisterUser extends UserProfile {
  type: 'RegisterUser';
  userId: string;
  /** 'bootstrap' for the first administrator of an empty log; 'admin' (the default) for Manage User. */
  origin?: 'bootstrap' | 'admin';
}

export interface ModifyUser extends UserProfile {
  type: 'ModifyUser';
  actorUserId: string;
  activeAdminCount: number;
  /** The spec's payload carries it; true for a deactivated user is refused (reactivation is signed: ReactivateUser). */
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

/**
 * A deactivated user made active again (issue 22), signed by an ADMIN (meaning 'reactivation'). The actor as their
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

/** How long the user has to accept or confirm a change of their email or name. */
export const IDENTITY_CHANGE_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Changes to a user's record. Role and training change at once. A user's identity (email and printed name: what
 * signs as them, and where their password links go) never changes by someone else's edit alone (issue 8, finding 2):
 * it becomes a request that the user accepts from their current address, and a new address is confirmed from itself.
 * A user changing their own name does it at once; their own new address still needs confirming from it.
 */
export function decideModify(state: UserState, command: ModifyUser): UserAdminDecision {
  if (!state.exists) return reject('user-not-found');
  const isActive = state.userActive && !state.isDeleted;
  // Reactivation is a signed command of its own (issue 22): an edit never reactivates.
  if (command.userActive === true && !isActive) return reject('reactivation-needs-signature');
  const demotion = state.role === 'ADMIN' && command.role !== 'ADMIN';
  if (demotion && state.userId === command.actorUserId) return reject('cannot-demote-self');
  if (demotion && isActive && command.activeAdminCount <= 1) return reject('last-admin-demotion');

  const self = state.userId === command.actorUserId;
  const wanted = { email: command.email, firstName: command.firstName, lastName: command.lastName };
  const identityChanged = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((key) => wanted[key] !== state[key]);
  // What takes effect now: role and training always; the names too when users change their own.
  const names = self ? { firstName: command.firstName, lastName: command.lastName } : { firstName: state.firstName, lastName: state.lastName };
  const next = { email: state.email, ...names, role: command.role, isTrainingCompleted: command.isTrainingCompleted };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== state[key]);
  const requested = self ? identityChanged.filter((key) => key === 'email') : identityChanged;
  const pending = state.pendingIdentityChange;
  const sameAsPending =
    pending !== null && pending.to.email === wanted.email && pending.to.firstName === wanted.firstName && pending.to.lastName === wanted.lastName;

  const events: UserEvent[] = [];
  if (changed.length > 0) events.push({ type: 'UserModified', data: { userId: state.userId, ...next, changed } });
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
  return { events: [{ type: 'UserDeactivated', data: { userId: state.userId, at: command.now.toISOString(), signature: command.signature } }] };
}

/**
 * Reactivation (issue 22): only by an ADMIN whose account is active now, only of a deactivated user. The user must set
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

/** The user accepts, from their current address, a change someone else asked for. */
export interface AcceptIdentityChange {
  type: 'AcceptIdentityChange';
  now: Date;
}

/** The new address is confirmed from itself: the change takes effect. */
export interface ConfirmNewEmail {
  type: 'ConfirmNewEmail';
  now: Date;
}

export type IdentityDecision = { events: UserEvent[]; rejection?: undefined } | { events: []; rejection: 'identity-change-invalid' };

const livePending = (state: UserState, now: Date) => {
  const pending = state.pendingIdentityChange;
  return pending && Date.parse(pending.expiresAt) > now.getTime() && state.userActive && !state.isDeleted ? pending : undefined;
};

const applied = (state: UserState, to: { email: string; firstName: string; lastName: string }, changed: string[]): UserEvent => ({
  type: 'UserModified',
  data: { userId: state.userId, ...to, role: state.role, isTrainingCompleted: state.isTrainingCompleted, changed, via: 'identity-change' },
});

export function decideAcceptIdentityChange(state: UserState, command: AcceptIdentityChange): IdentityDecision {
  const pending = livePending(state, command.now);
  if (!pending || !pending.needsAcceptance || pending.accepted) return { events: [], rejection: 'identity-change-invalid' };
  const accepted: UserEvent = { type: 'IdentityChangeAccepted', data: { userId: state.userId, at: command.now.toISOString() } };
  // A name alone takes effect on acceptance; a new address still waits for its own confirmation.
  return { events: pending.changed.includes('email') ? [accepted] : [accepted, applied(state, pending.to, pending.changed)] };
}

export function decideConfirmNewEmail(state: UserState, command: ConfirmNewEmail): IdentityDecision {
  const pending = livePending(state, command.now);
  if (!pending || !pending.changed.includes('email') || (pending.needsAcceptance && !pending.accepted)) {
    return { events: [], rejection: 'identity-change-invalid' };
  }
  return { events: [applied(state, pending.to, pending.changed)] };
}

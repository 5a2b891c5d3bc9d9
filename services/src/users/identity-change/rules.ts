import type { UserEvent } from '@ifu/contracts';
import type { UserState } from '../../auth';
import { asDecision, userDeciderOf } from '../user';

/**
 * The rules of a change of a user's email or printed name once it was asked for (Manage User's `ModifyUser` asks):
 * the user accepts someone else's change from the current address, and a new address is confirmed from itself.
 */

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

export type IdentityChangeCommand = AcceptIdentityChange | ConfirmNewEmail;

/** The identity change's decider: its commands on the user aggregate (`user.ts`). */
export const identityChangeDecider = userDeciderOf<IdentityChangeCommand>((command, state) =>
  asDecision(command.type === 'AcceptIdentityChange' ? decideAcceptIdentityChange(state, command) : decideConfirmNewEmail(state, command)),
);

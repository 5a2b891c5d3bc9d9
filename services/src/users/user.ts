import type { Role, UserEvent } from '@ifu/contracts';

/** Set-password links are valid for 24 hours (architecture §6). */
export const PASSWORD_LINK_LIFETIME_MS = 24 * 60 * 60_000;

/** What the users feature must know about one account to decide on it, folded from its stream. */
export interface UserState {
  exists: boolean;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isTrainingCompleted: boolean;
  userActive: boolean;
  isDeleted: boolean;
  passwordSetAt: string | null;
  consecutiveFailures: number;
  lockedUntil: string | null;
  /** When the newest set-password link still unused went out (no second mail within a minute). */
  lastLinkIssuedAt: string | null;
}

export const initialUserState = (): UserState => ({
  exists: false,
  userId: '',
  email: '',
  firstName: '',
  lastName: '',
  role: 'USER',
  isTrainingCompleted: false,
  userActive: false,
  isDeleted: false,
  passwordSetAt: null,
  consecutiveFailures: 0,
  lockedUntil: null,
  lastLinkIssuedAt: null,
});

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        exists: true,
        userId: event.data.userId,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        role: event.data.role,
        isTrainingCompleted: event.data.isTrainingCompleted,
        userActive: true,
        isDeleted: false,
      };
    case 'UserModified':
      return {
        ...state,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        role: event.data.role,
        isTrainingCompleted: event.data.isTrainingCompleted,
      };
    case 'UserDeactivated':
      return { ...state, userActive: false };
    case 'UserReactivated':
      return { ...state, userActive: true, isDeleted: false };
    case 'PasswordLinkIssued':
      return {
        ...state,
        lastLinkIssuedAt: event.data.issuedAt ?? new Date(Date.parse(event.data.expiresAt) - PASSWORD_LINK_LIFETIME_MS).toISOString(),
      };
    case 'PasswordSet':
      return { ...state, passwordSetAt: event.data.setAt, consecutiveFailures: 0, lockedUntil: null, lastLinkIssuedAt: null };
    case 'LoginSucceeded':
      return { ...state, consecutiveFailures: 0 };
    case 'LoginFailed':
    case 'CredentialCheckFailed':
      return { ...state, consecutiveFailures: event.data.consecutiveFailures };
    case 'AccountLocked':
      // The lock replaces the count: after it expires the account gets a fresh five attempts.
      return { ...state, lockedUntil: event.data.lockedUntil, consecutiveFailures: 0 };
    case 'LoggedOut':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const foldUser = (events: readonly UserEvent[]) => events.reduce(evolve, initialUserState());

import { type Absence, PASSWORD_MAX_AGE_DAYS, type TaskMailPreference, type UserEvent, type UserProfile } from '@ifu/contracts';
import type { Decider } from '../platform/command-pipeline';

export interface SourceState {
  failures: number;
  lastFailureAt: string | null;
  lockedUntil: string | null;
}

/** How many recent failures the state keeps to recognise guessing from many addresses. */
export const RECENT_FAILURES_KEPT = 20;

/** How long a second-factor challenge that opened a session is remembered: longer than a challenge lives (5 minutes). */
export const USED_CHALLENGES_KEPT_MS = 10 * 60_000;

/** Set-password links are valid for 24 hours (architecture §6). */
export const PASSWORD_LINK_LIFETIME_MS = 24 * 60 * 60_000;

/** What the users feature must know about one account to decide on it, folded from its stream. */
export interface UserState extends UserProfile {
  exists: boolean;
  userId: string;
  userActive: boolean;
  isDeleted: boolean;
  passwordSetAt: string | null;
  /** The password was revoked (a reactivation) and none was set since: the account has no usable password. */
  passwordRevoked: boolean;
  consecutiveFailures: number;
  /** A lock of the whole account (failures from many addresses). */
  lockedUntil: string | null;
  /** The newest failure from any address (the account's progressive delay). */
  lastFailureAt: string | null;
  /** Per caller address (hashed): its consecutive failures, its newest failure, its own lock. */
  sources: Record<string, SourceState>;
  /** The newest failures (at most RECENT_FAILURES_KEPT), to tell guesses from many addresses. */
  recentFailures: Array<{ at: string; source: string }>;
  /** When the newest set-password link still unused went out (no second mail within a minute). */
  lastLinkIssuedAt: string | null;
  /** The seal of the stored password hash, as the log has it; null before any was sealed. */
  passwordSeal: string | null;
  /** The one set-password link that works: the newest, unused (its token's seal, and when it expires). */
  passwordLink: OpenLink | null;
  /** The one unlock link that works. */
  unlockLink: OpenLink | null;
  /** A change of email or name waiting for the user. */
  pendingIdentityChange: PendingIdentityChange | null;
  /** The enrolled second factor (the record's stream): which enrolment, and the seal of its stored row. */
  secondFactor: EnrolledFactor | null;
  /** The enrolment started and not yet confirmed (the credentials stream). */
  pendingEnrolmentId: string | null;
  /** The newest RFC 6238 time step whose code was accepted (the credentials stream): no code of it or before again. */
  lastCodeTimeStep: number | null;
  /** Recovery codes used, as `<enrolmentId>:<index>` (the credentials stream). */
  usedRecoveryCodes: string[];
  /**
   * Second-factor challenges that opened a session (the credentials stream), kept while they could still be valid:
   * each opens one. Absent from snapshots taken before it was kept.
   */
  usedChallenges?: Array<{ challengeId: string; at: string }>;
  /** The absence declared last and not ended: what is submitted to the user on its days goes to the delegate. */
  absence: Absence | null;
  /** How the mails about the user's tasks reach them (MailPreferenceChosen); one each until they choose. */
  taskMail: TaskMailPreference;
}

export interface EnrolledFactor {
  enrolmentId: string;
  factorSeal: string;
  enrolledAt: string;
}

/** An emailed link as the log knows it: the seal of its token, never the token. */
export interface OpenLink {
  tokenSeal: string;
  expiresAt: string;
}

export interface PendingIdentityChange {
  to: { email: string; firstName: string; lastName: string };
  changed: string[];
  requestedBy: string;
  needsAcceptance: boolean;
  accepted: boolean;
  expiresAt: string;
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
  passwordRevoked: false,
  consecutiveFailures: 0,
  lockedUntil: null,
  lastFailureAt: null,
  sources: {},
  recentFailures: [],
  lastLinkIssuedAt: null,
  passwordSeal: null,
  passwordLink: null,
  unlockLink: null,
  pendingIdentityChange: null,
  secondFactor: null,
  pendingEnrolmentId: null,
  lastCodeTimeStep: null,
  usedRecoveryCodes: [],
  usedChallenges: [],
  absence: null,
  taskMail: 'each',
});

/** Lifts every lock and count: a new password, or the owner's unlock. */
const unlocked = (state: UserState): UserState => ({ ...state, consecutiveFailures: 0, lockedUntil: null, lastFailureAt: null, sources: {}, recentFailures: [] });

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
        pendingIdentityChange: event.data.via === 'identity-change' ? null : state.pendingIdentityChange,
      };
    case 'UserTrainingRecorded':
      return { ...state, isTrainingCompleted: event.data.completed };
    case 'IdentityChangeRequested': {
      const { to, changed, requestedBy, needsAcceptance, expiresAt } = event.data;
      return { ...state, pendingIdentityChange: { to, changed, requestedBy, needsAcceptance, accepted: false, expiresAt } };
    }
    case 'IdentityChangeAccepted':
      return state.pendingIdentityChange ? { ...state, pendingIdentityChange: { ...state.pendingIdentityChange, accepted: true } } : state;
    case 'IdentityChangeCancelled':
      return { ...state, pendingIdentityChange: null };
    case 'UserDeactivated':
      return { ...state, userActive: false };
    case 'UserReactivated':
      return { ...state, userActive: true, isDeleted: false };
    case 'PasswordLinkIssued':
      return {
        ...state,
        lastLinkIssuedAt: event.data.issuedAt ?? new Date(Date.parse(event.data.expiresAt) - PASSWORD_LINK_LIFETIME_MS).toISOString(),
        // A newer link voids the older one; a link from before seals has none and no longer works.
        passwordLink: event.data.tokenSeal ? { tokenSeal: event.data.tokenSeal, expiresAt: event.data.expiresAt } : null,
      };
    case 'PasswordSet':
      return {
        ...unlocked(state),
        passwordSetAt: event.data.setAt,
        passwordRevoked: false,
        lastLinkIssuedAt: null,
        passwordSeal: event.data.hashSeal ?? null,
        passwordLink: null,
      };
    case 'PasswordRevoked':
      // The stored hash stays sealed (so it is not mistaken for tampering) but no longer counts as a password.
      return { ...state, passwordSetAt: null, passwordRevoked: true };
    case 'PasswordHashSealed':
      return { ...state, passwordSeal: event.data.hashSeal };
    case 'LoginSucceeded': {
      // A success clears its own address's count (or, from before addresses were kept, every count).
      const source = event.data.source;
      const sources = source === undefined ? {} : Object.fromEntries(Object.entries(state.sources).filter(([key]) => key !== source));
      const { challengeId, at } = event.data;
      if (challengeId === undefined) return { ...state, consecutiveFailures: 0, sources };
      // A challenge is refused by its own expiry once this long has passed: only younger ones need to be kept.
      const kept = (state.usedChallenges ?? []).filter((used) => Date.parse(at) - Date.parse(used.at) <= USED_CHALLENGES_KEPT_MS);
      return { ...state, consecutiveFailures: 0, sources, usedChallenges: [...kept, { challengeId, at }] };
    }
    case 'LoginFailed':
    case 'CredentialCheckFailed': {
      const d = event.data;
      if (d.reason !== 'wrong-password') return { ...state, consecutiveFailures: d.consecutiveFailures };
      const source = d.source ?? '';
      const previous = state.sources[source] ?? { failures: 0, lastFailureAt: null, lockedUntil: null };
      return {
        ...state,
        consecutiveFailures: d.consecutiveFailures,
        lastFailureAt: d.at,
        sources: { ...state.sources, [source]: { ...previous, failures: d.sourceFailures ?? d.consecutiveFailures, lastFailureAt: d.at } },
        // A trusted browser's or session's failures are its own: they do not count toward the whole account's lock.
        recentFailures: d.trusted ? state.recentFailures : [...state.recentFailures, { at: d.at, source }].slice(-RECENT_FAILURES_KEPT),
      };
    }
    case 'AccountLocked': {
      // The lock replaces the count: after it expires the address (or the account) gets a fresh five attempts.
      const source = event.data.source;
      if (source === undefined) return { ...state, lockedUntil: event.data.lockedUntil, consecutiveFailures: 0 };
      const previous = state.sources[source] ?? { failures: 0, lastFailureAt: null, lockedUntil: null };
      return { ...state, sources: { ...state.sources, [source]: { ...previous, failures: 0, lockedUntil: event.data.lockedUntil } } };
    }
    case 'UnlockLinkIssued':
      return { ...state, unlockLink: event.data.tokenSeal ? { tokenSeal: event.data.tokenSeal, expiresAt: event.data.expiresAt } : null };
    case 'AccountUnlocked':
      return { ...unlocked(state), unlockLink: null };
    case 'EmailedLinksClosed':
      // Nothing of the closed links holds back a new one (a reactivated user is mailed theirs at once).
      return { ...state, passwordLink: null, unlockLink: null, lastLinkIssuedAt: null };
    case 'LoggedOut':
      return state;
    case 'SecondFactorEnrolmentStarted':
      return { ...state, pendingEnrolmentId: event.data.enrolmentId };
    case 'SecondFactorEnrolled':
      return { ...state, secondFactor: { enrolmentId: event.data.enrolmentId, factorSeal: event.data.factorSeal, enrolledAt: event.data.at } };
    case 'SecondFactorCodeAccepted':
      return {
        ...state,
        lastCodeTimeStep: Math.max(state.lastCodeTimeStep ?? event.data.timeStep, event.data.timeStep),
        pendingEnrolmentId: event.data.purpose === 'enrolment' ? null : state.pendingEnrolmentId,
      };
    case 'RecoveryCodeUsed':
      return { ...state, usedRecoveryCodes: [...state.usedRecoveryCodes, `${event.data.enrolmentId}:${event.data.index}`] };
    case 'SecondFactorCodeRefused':
      return state;
    case 'SecondFactorReset':
      return { ...state, secondFactor: null };
    case 'AbsenceDeclared':
      return { ...state, absence: { from: event.data.from, until: event.data.until, delegateId: event.data.delegateId } };
    case 'AbsenceEnded':
      return { ...state, absence: null };
    case 'MailPreferenceChosen':
      return { ...state, taskMail: event.data.taskMail };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const foldUser = (events: readonly UserEvent[]) => events.reduce(evolve, initialUserState());

const DAY_MS = 86_400_000;

/** A password is active once set and for 90 days after (architecture §6, password aging). */
export function isPasswordActive(passwordSetAt: string | null, now: Date): boolean {
  if (!passwordSetAt) return false;
  return now.getTime() - new Date(passwordSetAt).getTime() < PASSWORD_MAX_AGE_DAYS * DAY_MS;
}

/** True when a password exists but has aged out (the set-password screen then says it has expired). */
export function isPasswordExpired(passwordSetAt: string | null, now: Date): boolean {
  return passwordSetAt !== null && !isPasswordActive(passwordSetAt, now);
}

/**
 * The account's stream (`user-<id>`) as folded for who the account is now: the authentication, a signature and an
 * approver check read it with this, and Manage User decides on the same fold (`users/user-decider.ts` shares its name,
 * initial state and `evolve`, so a command's fold and the snapshots are the same whichever of the two loads it).
 */
export const accountFold: Decider<never, UserEvent, UserState> = {
  name: 'user',
  initialState: initialUserState,
  evolve,
  decide() {
    throw new Error('the account fold decides nothing: Manage User decides on the account (users/user-decider.ts)');
  },
};

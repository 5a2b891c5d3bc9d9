import { createHash } from 'node:crypto';
import { type CredentialEvent, credentialsStreamId, type PasswordLinkPurpose, type UserEvent, userStreamId } from '@ifu/contracts';
import type { CommandRun, Decider, Decision } from '../platform/command-pipeline';
import { type PlainErrorCode, plainRejection, Refusal } from '../platform/errors';
import { accountFold } from './account';
import { type CredentialDecision, decideCredentials, decideLogin, type LoginRejection } from './credential-decisions';
import { evolve, initialUserState, type OpenLink, PASSWORD_LINK_LIFETIME_MS, type UserState } from './account';
import { type CheckSecondFactorCode, decideCode, decideStartEnrolment, type StartSecondFactorEnrolment } from './second-factor-decisions';

/** What a credentials decision needs to know about the account, from its `user-<id>` stream as it is now. */
export type AccountFacts = Pick<UserState, 'exists' | 'userId' | 'userActive' | 'isDeleted' | 'passwordSetAt'> &
  /** The enrolled second factor, on the record's stream; only the second factor's steps look at it. */
  Partial<Pick<UserState, 'secondFactor'>>;

export type Purpose = 'login' | 'change-password' | 'signature';

/** Where a check comes from, whether it is trusted, and how long failures make the next attempt wait (auth/credential-decisions.ts). */
interface Attempt {
  source?: string;
  delayBaseMs?: number;
  trusted?: boolean;
}

export type CredentialsCommand =
  | ({ type: 'LogIn'; account: AccountFacts; passwordMatches: boolean; sessionId: string; now: Date } & Attempt)
  | ({ type: 'CheckCredentials'; account: AccountFacts; purpose: Purpose; passwordMatches: boolean; now: Date } & Attempt)
  /** The owner's unlock link goes out when the whole account was locked; `tokenSeal` seals its token. */
  | { type: 'IssueUnlockLink'; account: AccountFacts; tokenSeal: string; now: Date }
  /** The owner lifts every lock through that link: `linkSeal` is the seal of the token presented. */
  | { type: 'Unlock'; account: AccountFacts; linkSeal: string; now: Date }
  | { type: 'LogOut'; account: AccountFacts; sessionId: string; now: Date }
  /**
   * Only an active account gets a password; `hashSeal` seals the hash stored with it. 'change': after the current
   * password was checked; 'set-password-link': `linkSeal`, the seal of the token presented, must be the open link's.
   */
  | ({ type: 'SetPassword'; account: AccountFacts; hashSeal: string; now: Date } & (
      | { via: 'bootstrap' | 'change' }
      | { via: 'set-password-link'; linkSeal: string }
    ))
  /** A set-password link goes out: only to an active account, and not twice within a minute. */
  | { type: 'IssuePasswordLink'; account: AccountFacts; purpose: PasswordLinkPurpose; tokenSeal: string; now: Date }
  /**
   * The open set-password and unlock links stop working: the account's address changed, or it was reactivated.
   * Recorded only when a link is open (the `password_tokens` rows then follow: auth/password-links.ts).
   */
  | { type: 'CloseLinks'; account: AccountFacts; reason: 'email-changed' | 'reactivated'; now: Date }
  /** The password stops working (a reactivation): recorded only when the account has one. */
  | { type: 'RevokePassword'; account: AccountFacts; reason: 'reactivated'; now: Date }
  /** A hash stored before seals existed is sealed as found, once (first start after the upgrade). */
  | { type: 'SealStoredHash'; account: AccountFacts; hashSeal: string; now: Date }
  /** The second factor's steps on the credentials (second-factor/decisions.ts). */
  | ({ account: AccountFacts } & StartSecondFactorEnrolment)
  | ({ account: AccountFacts } & CheckSecondFactorCode);

/** A second link request within this time sends no second mail (the first link still works). */
export const RESEND_LINK_AFTER_MS = 60_000;

/** A set-password or unlock link works for 24 hours. */
const LINK_LIFETIME_MS = PASSWORD_LINK_LIFETIME_MS;

/** The link the log has open is the one presented, and still in time. */
const linkHolds = (link: OpenLink | null, linkSeal: string, now: Date) =>
  link !== null && link.tokenSeal === linkSeal && Date.parse(link.expiresAt) > now.getTime();

/** The caller's address as the lockout keys it: a hash, so the credentials stream holds no address in the clear. */
export const sourceOf = (ip: string | null) => (ip ? createHash('sha256').update(`ifu source\n${ip}`).digest('hex').slice(0, 16) : undefined);

/** What each kind of check answers when it fails (the lockout itself is the same for all). */
const REFUSALS: Record<Purpose, Record<Exclude<LoginRejection['reason'], 'account-locked' | 'too-soon'>, PlainErrorCode>> = {
  login: { 'unknown-or-inactive': 'authentication-failure', 'wrong-password': 'authentication-failure', 'password-expired': 'password-expired' },
  'change-password': { 'unknown-or-inactive': 'current-password-wrong', 'wrong-password': 'current-password-wrong', 'password-expired': 'current-password-wrong' },
  signature: { 'unknown-or-inactive': 'signature-refused', 'wrong-password': 'signature-refused', 'password-expired': 'signature-refused' },
};

function asDecision(decided: CredentialDecision, purpose: Purpose): Decision<CredentialEvent> {
  const events = decided.events as CredentialEvent[];
  const rejection = decided.rejection;
  if (!rejection) return { events };
  if (rejection.reason === 'account-locked') return { events, rejection: { code: 'account-locked', lockedUntil: rejection.lockedUntil } };
  if (rejection.reason === 'too-soon') return { events, rejection: { code: 'too-soon', retryAt: rejection.retryAt } };
  return { events, rejection: plainRejection(REFUSALS[purpose][rejection.reason]) };
}

/**
 * The credentials aggregate (`user-credentials-<id>` streams): passwords set, set-password links, logins, logouts and
 * every re-entered credential (a password change, an electronic signature) with the lockout they share: five
 * consecutive failures lock the account for 15 minutes. The account's own facts arrive with each command; the
 * credential decisions are `auth/credential-decisions.ts`'s.
 */
export const credentialsDecider: Decider<CredentialsCommand, CredentialEvent, UserState> = {
  name: 'credentials',
  initialState: initialUserState,
  evolve: (state, event) => evolve(state, event as UserEvent),
  decide(command, state) {
    // Passwords set before credentials had their own stream are in the account's stream (unless revoked since).
    const passwordSetAt = state.passwordRevoked ? state.passwordSetAt : (state.passwordSetAt ?? command.account.passwordSetAt);
    const current = { ...state, ...command.account, passwordSetAt };
    const active = current.exists && current.userActive && !current.isDeleted;
    switch (command.type) {
      case 'LogIn': {
        const { account: _account, ...login } = command;
        return asDecision(decideLogin(current, login), 'login');
      }
      case 'CheckCredentials': {
        const { account: _account, ...check } = command;
        return asDecision(decideCredentials(current, check), command.purpose);
      }
      case 'IssueUnlockLink': {
        const accountLocked = current.lockedUntil !== null && Date.parse(current.lockedUntil) > command.now.getTime();
        if (!active || !accountLocked) return { events: [] };
        const expiresAt = new Date(command.now.getTime() + LINK_LIFETIME_MS).toISOString();
        return {
          events: [{ type: 'UnlockLinkIssued', data: { userId: current.userId, issuedAt: command.now.toISOString(), expiresAt, tokenSeal: command.tokenSeal } }],
        };
      }
      case 'Unlock':
        if (!active || !linkHolds(current.unlockLink, command.linkSeal, command.now)) return { events: [], rejection: { code: 'unlock-link-invalid' } };
        return { events: [{ type: 'AccountUnlocked', data: { userId: current.userId, at: command.now.toISOString() } }] };
      case 'LogOut':
        if (!current.exists) return { events: [] };
        return { events: [{ type: 'LoggedOut', data: { userId: current.userId, sessionId: command.sessionId, at: command.now.toISOString() } }] };
      case 'SetPassword': {
        if (!active) return { events: [], rejection: { code: 'password-link-invalid' } };
        if (command.via === 'set-password-link' && !linkHolds(current.passwordLink, command.linkSeal, command.now)) {
          return { events: [], rejection: { code: 'password-link-invalid' } };
        }
        const setAt = command.now.toISOString();
        return { events: [{ type: 'PasswordSet', data: { userId: current.userId, setAt, via: command.via, hashSeal: command.hashSeal } }] };
      }
      case 'CloseLinks': {
        const open = (link: OpenLink | null) => link !== null && Date.parse(link.expiresAt) > command.now.getTime();
        if (!current.exists || (!open(current.passwordLink) && !open(current.unlockLink))) return { events: [] };
        return { events: [{ type: 'EmailedLinksClosed', data: { userId: current.userId, at: command.now.toISOString(), reason: command.reason } }] };
      }
      case 'RevokePassword':
        if (!current.exists || current.passwordSetAt === null) return { events: [] };
        return { events: [{ type: 'PasswordRevoked', data: { userId: current.userId, at: command.now.toISOString(), reason: command.reason } }] };
      case 'SealStoredHash':
        // Only a password set before seals existed: never an account that has none, or one sealed already.
        if (!current.exists || current.passwordSetAt === null || current.passwordSeal !== null) return { events: [] };
        return { events: [{ type: 'PasswordHashSealed', data: { userId: current.userId, at: command.now.toISOString(), hashSeal: command.hashSeal } }] };
      case 'IssuePasswordLink': {
        if (!active) return { events: [] };
        const recent = current.lastLinkIssuedAt !== null && command.now.getTime() - Date.parse(current.lastLinkIssuedAt) < RESEND_LINK_AFTER_MS;
        if (recent) return { events: [] };
        const expiresAt = new Date(command.now.getTime() + LINK_LIFETIME_MS).toISOString();
        const issuedAt = command.now.toISOString();
        return {
          events: [{ type: 'PasswordLinkIssued', data: { userId: current.userId, purpose: command.purpose, expiresAt, issuedAt, tokenSeal: command.tokenSeal } }],
        };
      }
      case 'StartSecondFactorEnrolment': {
        const { account: _account, ...start } = command;
        return asCredentialDecision(decideStartEnrolment(current, start));
      }
      case 'CheckSecondFactorCode': {
        const { account: _account, ...check } = command;
        return asCredentialDecision(decideCode(current, check));
      }
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

const asCredentialDecision = (decision: Decision<UserEvent>): Decision<CredentialEvent> => decision as Decision<CredentialEvent>;

/** The account as its own stream has it now: for the facts a credentials decision needs, and a signer's name and role. */
export async function loadAccount(run: CommandRun, userId: string): Promise<UserState> {
  return (await run.load(userStreamId(userId), accountFold)).state;
}

export const accountFacts = ({ exists, userId, userActive, isDeleted, passwordSetAt, secondFactor }: UserState): AccountFacts => ({
  exists,
  userId,
  userActive,
  isDeleted,
  passwordSetAt,
  secondFactor,
});

/**
 * A credentials command as a step gives it: the account, the source and the time are the step's (a test may set the
 * time). The source is the caller's address (hashed), or `device`: a browser that signed in before (device-cookies.ts).
 */
type WithoutAccount<C> = C extends unknown ? Omit<C, 'account' | 'now' | 'source'> & { now?: Date; device?: string } : never;

/**
 * A password given for the account, judged against its credentials as the log has them now (the stored hash must
 * match the seal in the log: `passwordCheck` in password-hashes.ts). Called with the folded credentials state, so the
 * stream is folded once for the check and the decision.
 */
export type PasswordCheck = (credentials: UserState) => Promise<boolean>;

/**
 * A step of a command on a user's credentials: the account's facts loaded from its own stream, the caller's address
 * (hashed) from the command's metadata, the decision made on the credentials stream; refusals (recorded first where
 * they count toward lockout) are thrown. With `check`, the command's `passwordMatches` is its answer; `loaded`, the
 * account as the command already folded it. Returns the
 * account (for a signer's name and role) and the step's events.
 */
export async function onCredentials(run: CommandRun, userId: string, command: WithoutAccount<CredentialsCommand>, check?: PasswordCheck, loaded?: UserState) {
  const account = loaded ?? (await loadAccount(run, userId));
  const { device, ...rest } = command;
  const base = { ...rest, account: accountFacts(account), now: command.now ?? run.now, source: device ?? sourceOf(run.metadata.ip) };
  let folded: UserState | undefined;
  const { events } = await run.execute({
    stream: credentialsStreamId(userId),
    decider: credentialsDecider,
    command: async (credentials: UserState) => {
      folded = credentials;
      return (check ? { ...base, passwordMatches: await check(credentials) } : base) as CredentialsCommand;
    },
  });
  /** `credentials`: the credentials stream as the decision saw it (a revoked password, an open link). */
  return { account, credentials: folded!, events };
}

/** A failure's refusal, after its events: true when they locked the whole account (its owner gets an unlock link). */
export const lockedWholeAccount = (error: unknown) =>
  error instanceof Refusal && error.recorded.some((event) => event.type === 'AccountLocked' && (event.data as { source?: string }).source === undefined);

/**
 * A step: a credential check of `purpose` from a live session of the account (a password change, a signature),
 * recorded when it fails (toward lockout); throws the refusal. The session was opened with the password, so it is
 * trusted: guesses from elsewhere that locked the whole account do not stop its owner signing;
 * its own failures lock its address. `delayBaseMs` is the progressive delay's first step (LOGIN_DELAY_MS).
 */
export async function checkCredentials(
  run: CommandRun,
  userId: string,
  purpose: Exclude<Purpose, 'login'>,
  check: PasswordCheck,
  delayBaseMs = 0,
  /** The account as this command already loaded it from its own stream (a signature: `signatures.ts`). */
  account?: UserState,
): Promise<UserState> {
  return (await onCredentials(run, userId, { type: 'CheckCredentials', purpose, passwordMatches: false, delayBaseMs, trusted: true }, check, account)).account;
}

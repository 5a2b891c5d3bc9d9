import { type CredentialEvent, credentialsStreamId, type PasswordLinkPurpose, type UserEvent, userStreamId } from '@ifu/contracts';
import type { CommandRun, Decider, Decision } from '../platform/command-pipeline';
import { type PlainErrorCode, plainRejection } from '../platform/errors';
import { userDecider } from '../users/decider';
import { type CredentialDecision, decideCredentials, decideLogin, type LoginRejection } from '../users/login';
import { evolve, initialUserState, PASSWORD_LINK_LIFETIME_MS, type UserState } from '../users/user';

/** What a credentials decision needs to know about the account, from its `user-<id>` stream as it is now. */
export type AccountFacts = Pick<UserState, 'exists' | 'userId' | 'userActive' | 'isDeleted' | 'passwordSetAt'>;

export type Purpose = 'login' | 'change-password' | 'signature';

export type CredentialsCommand =
  | { type: 'LogIn'; account: AccountFacts; passwordMatches: boolean; sessionId: string; now: Date }
  | { type: 'CheckCredentials'; account: AccountFacts; purpose: Purpose; passwordMatches: boolean; now: Date }
  | { type: 'LogOut'; account: AccountFacts; sessionId: string; now: Date }
  /** 'change': after the current password was checked. Only an active account gets a password. */
  | { type: 'SetPassword'; account: AccountFacts; via: 'set-password-link' | 'bootstrap' | 'change'; now: Date }
  /** A set-password link goes out: only to an active account, and not twice within a minute. */
  | { type: 'IssuePasswordLink'; account: AccountFacts; purpose: PasswordLinkPurpose; now: Date };

/** A second link request within this time sends no second mail (the first link still works). */
export const RESEND_LINK_AFTER_MS = 60_000;

/** What each kind of check answers when it fails (the lockout itself is the same for all). */
const REFUSALS: Record<Purpose, Record<Exclude<LoginRejection['reason'], 'account-locked'>, PlainErrorCode>> = {
  login: { 'unknown-or-inactive': 'authentication-failure', 'wrong-password': 'authentication-failure', 'password-expired': 'password-expired' },
  'change-password': { 'unknown-or-inactive': 'current-password-wrong', 'wrong-password': 'current-password-wrong', 'password-expired': 'current-password-wrong' },
  signature: { 'unknown-or-inactive': 'signature-refused', 'wrong-password': 'signature-refused', 'password-expired': 'signature-refused' },
};

function asDecision(decided: CredentialDecision, purpose: Purpose): Decision<CredentialEvent> {
  const events = decided.events as CredentialEvent[];
  const rejection = decided.rejection;
  if (!rejection) return { events };
  if (rejection.reason === 'account-locked') return { events, rejection: { code: 'account-locked', lockedUntil: rejection.lockedUntil } };
  return { events, rejection: plainRejection(REFUSALS[purpose][rejection.reason]) };
}

/**
 * The credentials aggregate (`user-credentials-<id>` streams): passwords set, set-password links, logins, logouts and
 * every re-entered credential (a password change, an electronic signature) with the lockout they share: five
 * consecutive failures lock the account for 15 minutes. The account's own facts arrive with each command; the
 * credential decisions are `users/login.ts`'s.
 */
export const credentialsDecider: Decider<CredentialsCommand, CredentialEvent, UserState> = {
  name: 'credentials',
  initialState: initialUserState,
  evolve: (state, event) => evolve(state, event as UserEvent),
  decide(command, state) {
    // Passwords set before credentials had their own stream are in the account's stream.
    const current = { ...state, ...command.account, passwordSetAt: state.passwordSetAt ?? command.account.passwordSetAt };
    const active = current.exists && current.userActive && !current.isDeleted;
    switch (command.type) {
      case 'LogIn':
        return asDecision(decideLogin(current, { type: 'LogIn', passwordMatches: command.passwordMatches, sessionId: command.sessionId, now: command.now }), 'login');
      case 'CheckCredentials':
        return asDecision(decideCredentials(current, { type: 'CheckCredentials', purpose: command.purpose, passwordMatches: command.passwordMatches, now: command.now }), command.purpose);
      case 'LogOut':
        if (!current.exists) return { events: [] };
        return { events: [{ type: 'LoggedOut', data: { userId: current.userId, sessionId: command.sessionId, at: command.now.toISOString() } }] };
      case 'SetPassword':
        if (!active) return { events: [], rejection: { code: 'password-link-invalid' } };
        return { events: [{ type: 'PasswordSet', data: { userId: current.userId, setAt: command.now.toISOString(), via: command.via } }] };
      case 'IssuePasswordLink': {
        if (!active) return { events: [] };
        const recent = current.lastLinkIssuedAt !== null && command.now.getTime() - Date.parse(current.lastLinkIssuedAt) < RESEND_LINK_AFTER_MS;
        if (recent) return { events: [] };
        const expiresAt = new Date(command.now.getTime() + PASSWORD_LINK_LIFETIME_MS).toISOString();
        return {
          events: [{ type: 'PasswordLinkIssued', data: { userId: current.userId, purpose: command.purpose, expiresAt, issuedAt: command.now.toISOString() } }],
        };
      }
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

/** The account as its own stream has it now: for the facts a credentials decision needs, and a signer's name and role. */
export async function loadAccount(run: CommandRun, userId: string): Promise<UserState> {
  return (await run.load(userStreamId(userId), userDecider)).state;
}

export const accountFacts = ({ exists, userId, userActive, isDeleted, passwordSetAt }: UserState): AccountFacts => ({
  exists,
  userId,
  userActive,
  isDeleted,
  passwordSetAt,
});

type WithoutAccount<C> = C extends unknown ? Omit<C, 'account' | 'now'> : never;

/**
 * A step of a command on a user's credentials: the account's facts loaded from its own stream, the decision made
 * on the credentials stream; refusals (recorded first where they count toward lockout) are thrown. Returns the
 * account (for a signer's name and role) and the step's events.
 */
export async function onCredentials(run: CommandRun, userId: string, command: WithoutAccount<CredentialsCommand>) {
  const account = await loadAccount(run, userId);
  const { events } = await run.execute({
    stream: credentialsStreamId(userId),
    decider: credentialsDecider,
    command: { ...command, account: accountFacts(account), now: run.now } as CredentialsCommand,
  });
  return { account, events };
}

/** A step: a credential check of `purpose`, recorded when it fails (toward lockout); throws the refusal. */
export async function checkCredentials(run: CommandRun, userId: string, purpose: Purpose, passwordMatches: boolean): Promise<UserState> {
  return (await onCredentials(run, userId, { type: 'CheckCredentials', purpose, passwordMatches })).account;
}

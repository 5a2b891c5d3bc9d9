import { describe, expect, it } from 'vitest';
import type { CredentialEvent } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { type AccountFacts, credentialsDecider, RESEND_LINK_AFTER_MS } from './credentials';

const userId = 'u-1';
const now = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
/** The account as its own stream has it: registered, active, with a password set today. */
const account: AccountFacts = { exists: true, userId, userActive: true, isDeleted: false, passwordSetAt: now.toISOString() };
const inactive: AccountFacts = { ...account, userActive: false };
const passwordSet: CredentialEvent = { type: 'PasswordSet', data: { userId, setAt: now.toISOString(), via: 'set-password-link' } };
const failures = (n: number): CredentialEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'LoginFailed', data: { userId, at: now.toISOString(), reason: 'wrong-password', consecutiveFailures: i + 1 } }));

const spec = deciderSpec(credentialsDecider);

describe('the credentials decider (user-credentials-<id> streams)', () => {
  describe('credential checks: each purpose answers with its own refusal, the lockout is shared', () => {
    const cases = [
      ['login', 'authentication-failure'],
      ['change-password', 'current-password-wrong'],
      ['signature', 'signature-refused'],
    ] as const;
    for (const [purpose, code] of cases) {
      it(`when a ${purpose} check has the wrong password, then it is refused with ${code} and the failure is recorded`, () => {
        const recorded =
          purpose === 'login'
            ? { type: 'LoginFailed', data: { userId, at: now.toISOString(), reason: 'wrong-password', consecutiveFailures: 1 } }
            : { type: 'CredentialCheckFailed', data: { userId, at: now.toISOString(), purpose, reason: 'wrong-password', consecutiveFailures: 1 } };
        spec
          .given()
          .when({ type: 'CheckCredentials', account, purpose, passwordMatches: false, now })
          .thenRefuses({ code }, [recorded as CredentialEvent]);
      });
    }

    it('when a signature is the fifth wrong password in a row (after four failed logins), then the account locks', () => {
      const { decision } = spec.given(...failures(4)).when({ type: 'CheckCredentials', account, purpose: 'signature', passwordMatches: false, now });
      expect(decision.rejection).toEqual({ code: 'signature-refused' });
      expect(decision.events.map((e) => e.type)).toEqual(['CredentialCheckFailed', 'AccountLocked']);
    });

    it('when the account is locked, then every purpose answers account-locked with the time it ends', () => {
      const locked: CredentialEvent = { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: at(15 * 60_000).toISOString(), failures: 5 } };
      const { decision } = spec.given(locked).when({ type: 'CheckCredentials', account, purpose: 'signature', passwordMatches: true, now });
      expect(decision.rejection).toEqual({ code: 'account-locked', lockedUntil: at(15 * 60_000).toISOString() });
    });

    it('when a deactivated user signs with the right password, then the signature is refused', () => {
      const { decision } = spec.given().when({ type: 'CheckCredentials', account: { ...account, userActive: false }, purpose: 'signature', passwordMatches: true, now });
      expect(decision.rejection).toEqual({ code: 'signature-refused' });
    });

    it('when a signature has the right password, then nothing is recorded and it passes', () => {
      spec.given().when({ type: 'CheckCredentials', account, purpose: 'signature', passwordMatches: true, now }).thenNothing();
    });
  });


  it('when a login succeeds, then LoginSucceeded names the session; an unknown account records nothing', () => {
    spec.given().when({ type: 'LogIn', account, passwordMatches: true, sessionId: 's-1', now }).then([
      { type: 'LoginSucceeded', data: { userId, sessionId: 's-1', at: now.toISOString() } },
    ]);
    spec.given().when({ type: 'LogIn', account: { ...account, exists: false }, passwordMatches: true, sessionId: 's-1', now }).thenRefuses({ code: 'authentication-failure' });
  });

  it('when the password is older than 90 days, then the right password is refused as expired', () => {
    const old = new Date(now.getTime() - 91 * 86_400_000).toISOString();
    const { decision } = spec.given().when({ type: 'LogIn', account: { ...account, passwordSetAt: old }, passwordMatches: true, sessionId: 's-1', now });
    expect(decision.rejection).toEqual({ code: 'password-expired' });
  });

  it('when a user logs out, then LoggedOut names the session', () => {
    spec.given().when({ type: 'LogOut', account, sessionId: 's-1', now }).then([{ type: 'LoggedOut', data: { userId, sessionId: 's-1', at: now.toISOString() } }]);
  });

  describe('passwords and links', () => {
    const issuedLink = (tokenSeal: string, when = now): CredentialEvent => ({
      type: 'PasswordLinkIssued',
      data: { userId, purpose: 'reset', expiresAt: new Date(when.getTime() + 86_400_000).toISOString(), issuedAt: when.toISOString(), tokenSeal },
    });

    it('when the current password was checked, then Change Password records the new one with its hash\'s seal', () => {
      spec.given(passwordSet).when({ type: 'SetPassword', account, via: 'change', hashSeal: 'seal-2', now }).then([
        { type: 'PasswordSet', data: { userId, setAt: now.toISOString(), via: 'change', hashSeal: 'seal-2' } },
      ]);
    });

    it('when the account is inactive, then a password cannot be set through a link', () => {
      spec.given(issuedLink('link-1')).when({ type: 'SetPassword', account: inactive, via: 'set-password-link', linkSeal: 'link-1', hashSeal: 'h', now }).thenRefuses({ code: 'password-link-invalid' });
    });

    it('when a link sets the password, then it must be the open link the log issued, unused and in time', () => {
      const setByLink = (linkSeal: string, when = now) => ({ type: 'SetPassword' as const, account, via: 'set-password-link' as const, linkSeal, hashSeal: 'h', now: when });
      expect(spec.given(issuedLink('link-1')).when(setByLink('link-1')).decision.events.map((e) => e.type)).toEqual(['PasswordSet']);
      // A token the log never issued (a row written into password_tokens behind the product's back).
      spec.given(issuedLink('link-1')).when(setByLink('forged')).thenRefuses({ code: 'password-link-invalid' });
      spec.given().when(setByLink('forged')).thenRefuses({ code: 'password-link-invalid' });
      // A newer link voids the older; a used link is spent; an expired one is refused.
      spec.given(issuedLink('link-1'), issuedLink('link-2', at(120_000))).when(setByLink('link-1', at(130_000))).thenRefuses({ code: 'password-link-invalid' });
      spec.given(issuedLink('link-1'), passwordSet).when(setByLink('link-1', at(1000))).thenRefuses({ code: 'password-link-invalid' });
      spec.given(issuedLink('link-1')).when(setByLink('link-1', at(86_400_000))).thenRefuses({ code: 'password-link-invalid' });
    });

    it('when a password was set before seals, then its stored hash is sealed once; never one of an account without a password, never twice', () => {
      const legacy: CredentialEvent = { type: 'PasswordSet', data: { userId, setAt: now.toISOString(), via: 'set-password-link' } };
      spec.given(legacy).when({ type: 'SealStoredHash', account, hashSeal: 'found', now }).then([
        { type: 'PasswordHashSealed', data: { userId, at: now.toISOString(), hashSeal: 'found' } },
      ]);
      spec.given(legacy, { type: 'PasswordHashSealed', data: { userId, at: now.toISOString(), hashSeal: 'found' } }).when({ type: 'SealStoredHash', account, hashSeal: 'other', now }).thenNothing();
      spec.given({ type: 'PasswordSet', data: { userId, setAt: now.toISOString(), via: 'change', hashSeal: 'sealed' } }).when({ type: 'SealStoredHash', account, hashSeal: 'other', now }).thenNothing();
      spec.given().when({ type: 'SealStoredHash', account: { ...account, passwordSetAt: null }, hashSeal: 'planted', now }).thenNothing();
    });

    it('when an active account asks for a link, then one is issued, valid 24 hours, with its token\'s seal', () => {
      spec.given().when({ type: 'IssuePasswordLink', account, purpose: 'reset', tokenSeal: 'link-1', now }).then([
        { type: 'PasswordLinkIssued', data: { userId, purpose: 'reset', expiresAt: at(24 * 3_600_000).toISOString(), issuedAt: now.toISOString(), tokenSeal: 'link-1' } },
      ]);
    });

    it('when a link went out less than a minute ago, then no second one; after a minute, or once a password was set, one again', () => {
      const issued: CredentialEvent = { type: 'PasswordLinkIssued', data: { userId, purpose: 'new-user', expiresAt: at(86_400_000).toISOString(), issuedAt: now.toISOString() } };
      spec.given(issued).when({ type: 'IssuePasswordLink', account, purpose: 'reset', tokenSeal: 't', now: at(RESEND_LINK_AFTER_MS - 1) }).thenNothing();
      expect(spec.given(issued).when({ type: 'IssuePasswordLink', account, purpose: 'reset', tokenSeal: 't', now: at(RESEND_LINK_AFTER_MS) }).decision.events).toHaveLength(1);
      expect(spec.given(issued, passwordSet).when({ type: 'IssuePasswordLink', account, purpose: 'reset', tokenSeal: 't', now: at(1000) }).decision.events).toHaveLength(1);
    });

    it('when an older event has no issuedAt, then the link counts as issued 24 hours before it expires', () => {
      const old: CredentialEvent = { type: 'PasswordLinkIssued', data: { userId, purpose: 'reset', expiresAt: at(86_400_000).toISOString() } };
      spec.given(old).when({ type: 'IssuePasswordLink', account, purpose: 'reset', tokenSeal: 't', now: at(1000) }).thenNothing();
    });

    it('when the account is inactive or unknown, then no link is issued and nothing is refused (forgot-password answers the same)', () => {
      spec.given().when({ type: 'IssuePasswordLink', account: inactive, purpose: 'reset', tokenSeal: 't', now }).thenNothing();
      spec.given().when({ type: 'IssuePasswordLink', account: { ...account, exists: false }, purpose: 'reset', tokenSeal: 't', now }).thenNothing();
    });
  });

  it("when a password was set before credentials had their own stream, then the account's stream says when", () => {
    const { decision } = spec.given().when({ type: 'LogIn', account, passwordMatches: true, sessionId: 's-1', now });
    expect(decision.rejection).toBeUndefined();
  });

  describe('lockout by address, delays and the owner\'s unlock', () => {
    const failedFrom = (source: string, n: number, sourceFailures = n, at = now): CredentialEvent => ({
      type: 'LoginFailed',
      data: { userId, at: at.toISOString(), reason: 'wrong-password', consecutiveFailures: n, source, sourceFailures },
    });
    const login = (source: string, passwordMatches: boolean, when = now, delayBaseMs = 0) =>
      ({ type: 'LogIn' as const, account, passwordMatches, sessionId: 's-1', now: when, source, delayBaseMs });

    it('when one address fails for the fifth time, then that address alone is locked', () => {
      const { decision } = spec.given(...[1, 2, 3, 4].map((n) => failedFrom('aaa', n))).when(login('aaa', false));
      expect(decision.events.at(-1)).toMatchObject({ type: 'AccountLocked', data: { source: 'aaa', failures: 5 } });
      const locked = [...[1, 2, 3, 4].map((n) => failedFrom('aaa', n)), ...(decision.events as CredentialEvent[])];
      expect(spec.given(...locked).when(login('aaa', true)).decision.rejection).toMatchObject({ code: 'account-locked' });
      expect(spec.given(...locked).when(login('bbb', true)).decision.rejection).toBeUndefined();
    });

    it('when the twentieth recent failure comes from the third address, then the whole account locks', () => {
      const earlier = Array.from({ length: 19 }, (_, i) => failedFrom(['aaa', 'bbb', 'ccc'][i % 3]!, i + 1, Math.floor(i / 3) + 1));
      const { decision } = spec.given(...earlier).when(login('ccc', false));
      expect(decision.events.at(-1)).toMatchObject({ type: 'AccountLocked', data: { failures: 20 } });
      expect((decision.events.at(-1)!.data as { source?: string }).source).toBeUndefined();
    });

    it('when an attempt comes before the delay after a failure is over, then it is refused without a look at the password', () => {
      spec.given(failedFrom('aaa', 1)).when(login('aaa', true, new Date(now.getTime() + 999), 1000)).thenRefuses({
        code: 'too-soon',
        retryAt: new Date(now.getTime() + 1000).toISOString(),
      });
      expect(spec.given(failedFrom('aaa', 1)).when(login('aaa', true, new Date(now.getTime() + 1000), 1000)).decision.rejection).toBeUndefined();
      // The second failure doubles the wait.
      expect(spec.given(failedFrom('aaa', 1), failedFrom('aaa', 2)).when(login('aaa', true, new Date(now.getTime() + 1999), 1000)).decision.rejection).toMatchObject({ code: 'too-soon' });
    });

    it('when the whole account is locked, then the owner may be sent an unlock link, and unlocking lifts every lock', () => {
      const wholeLock: CredentialEvent = { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: new Date(now.getTime() + 900_000).toISOString(), failures: 20 } };
      const sourceLock: CredentialEvent = { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: new Date(now.getTime() + 900_000).toISOString(), failures: 5, source: 'aaa' } };
      const { decision: offered } = spec.given(wholeLock).when({ type: 'IssueUnlockLink', account, tokenSeal: 'unlock-1', now });
      expect(offered.events.map((e) => e.type)).toEqual(['UnlockLinkIssued']);
      spec.given(sourceLock).when({ type: 'IssueUnlockLink', account, tokenSeal: 'unlock-1', now }).thenNothing();
      const issued = offered.events as CredentialEvent[];
      const unlocked: CredentialEvent = { type: 'AccountUnlocked', data: { userId, at: now.toISOString() } };
      spec.given(wholeLock, sourceLock, ...issued).when({ type: 'Unlock', account, linkSeal: 'unlock-1', now }).then([unlocked]);
      expect(spec.given(wholeLock, sourceLock, ...issued, unlocked).when(login('aaa', true)).decision.rejection).toBeUndefined();
      // Only the link the log issued unlocks, and only once.
      spec.given(wholeLock, ...issued).when({ type: 'Unlock', account, linkSeal: 'forged', now }).thenRefuses({ code: 'unlock-link-invalid' });
      spec.given(wholeLock, ...issued, unlocked).when({ type: 'Unlock', account, linkSeal: 'unlock-1', now }).thenRefuses({ code: 'unlock-link-invalid' });
    });
  });

  describe('a trusted browser or session (device cookie)', () => {
    const wholeLock: CredentialEvent = { type: 'AccountLocked', data: { userId, at: now.toISOString(), lockedUntil: at(900_000).toISOString(), failures: 20 } };
    const trustedLogin = (passwordMatches: boolean, when = now) =>
      ({ type: 'LogIn' as const, account, passwordMatches, sessionId: 's-1', now: when, source: 'device:abc', trusted: true, delayBaseMs: 1000 });

    it('when the whole account is locked, then a browser that signed in before still signs in, and an unknown one does not', () => {
      expect(spec.given(wholeLock).when(trustedLogin(true)).decision.events.map((e) => e.type)).toEqual(['LoginSucceeded']);
      expect(spec.given(wholeLock).when({ ...trustedLogin(true), trusted: false, source: 'aaa' }).decision.rejection).toMatchObject({ code: 'account-locked' });
    });

    it('when a session re-enters its password while the whole account is locked, then it is judged by its own failures', () => {
      spec.given(wholeLock).when({ type: 'CheckCredentials', account, purpose: 'signature', passwordMatches: true, now, source: 'aaa', trusted: true }).thenNothing();
    });

    it('when the account-wide delay is on (many guesses), then a trusted browser is not slowed by it', () => {
      const guesses = Array.from({ length: 10 }, (_, i): CredentialEvent => ({
        type: 'LoginFailed',
        data: { userId, at: now.toISOString(), reason: 'wrong-password', consecutiveFailures: i + 1, source: `s${i}`, sourceFailures: 1 },
      }));
      expect(spec.given(...guesses).when({ ...trustedLogin(true, at(10)), trusted: false, source: 'new' }).decision.rejection).toMatchObject({ code: 'too-soon' });
      expect(spec.given(...guesses).when(trustedLogin(true, at(10))).decision.rejection).toBeUndefined();
    });

    it("when a trusted browser fails, then the failure is marked trusted, counts for that browser (five lock it) and not toward the whole account's lock", () => {
      const failed = (n: number): CredentialEvent => ({
        type: 'LoginFailed',
        data: { userId, at: now.toISOString(), reason: 'wrong-password', consecutiveFailures: n, source: 'device:abc', sourceFailures: n, trusted: true },
      });
      expect(spec.given().when(trustedLogin(false)).decision.events).toEqual([failed(1)]);
      const { decision } = spec.given(...[1, 2, 3, 4].map(failed)).when(trustedLogin(false, at(60_000)));
      expect(decision.events.at(-1)).toMatchObject({ type: 'AccountLocked', data: { source: 'device:abc', failures: 5 } });
      // Twenty of its own failures never lock the whole account.
      const many = Array.from({ length: 19 }, (_, i): CredentialEvent => ({
        type: 'LoginFailed',
        data: { userId, at: now.toISOString(), reason: 'wrong-password', consecutiveFailures: i + 1, source: `device:${i % 4}`, sourceFailures: 1, trusted: true },
      }));
      const twentieth = spec.given(...many).when({ ...trustedLogin(false), source: 'device:9' }).decision.events;
      expect(twentieth.map((e) => e.type)).toEqual(['LoginFailed']);
    });
  });
  describe('closing the open links (a change of address, a reactivation)', () => {
    const issued: CredentialEvent = { type: 'PasswordLinkIssued', data: { userId, purpose: 'reset', expiresAt: at(86_400_000).toISOString(), issuedAt: now.toISOString(), tokenSeal: 'link-1' } };
    const closed: CredentialEvent = { type: 'EmailedLinksClosed', data: { userId, at: at(1000).toISOString(), reason: 'email-changed' } };

    it('when a link is open, then EmailedLinksClosed is recorded and the link no longer sets a password', () => {
      spec.given(issued).when({ type: 'CloseLinks', account, reason: 'email-changed', now: at(1000) }).then([closed]);
      spec
        .given(issued, closed)
        .when({ type: 'SetPassword', account, hashSeal: 'h', via: 'set-password-link', linkSeal: 'link-1', now: at(2000) })
        .thenRefuses({ code: 'password-link-invalid' });
    });

    it('when no link is open (none issued, used, or expired), then nothing is recorded', () => {
      spec.given().when({ type: 'CloseLinks', account, reason: 'reactivated', now }).thenNothing();
      spec.given(issued, passwordSet).when({ type: 'CloseLinks', account, reason: 'reactivated', now: at(1000) }).thenNothing();
      spec.given(issued).when({ type: 'CloseLinks', account, reason: 'reactivated', now: at(86_400_001) }).thenNothing();
    });

    it('when the links were closed, then a new link goes out at once (the minute between two links does not hold it back)', () => {
      spec.given(issued).when({ type: 'IssuePasswordLink', account, purpose: 'reset', tokenSeal: 'link-2', now: at(2000) }).thenNothing();
      const { decision } = spec.given(issued, closed).when({ type: 'IssuePasswordLink', account, purpose: 'reactivated', tokenSeal: 'link-2', now: at(2000) });
      expect(decision.events).toMatchObject([{ type: 'PasswordLinkIssued', data: { tokenSeal: 'link-2' } }]);
    });
  });

  describe('a revoked password (reactivation)', () => {
    const revoked: CredentialEvent = { type: 'PasswordRevoked', data: { userId, at: now.toISOString(), reason: 'reactivated' } };

    it('when a password is revoked, then PasswordRevoked is recorded; without a password there is nothing to revoke', () => {
      spec.given(passwordSet).when({ type: 'RevokePassword', account, reason: 'reactivated', now }).then([revoked]);
      spec.given().when({ type: 'RevokePassword', account: { ...account, passwordSetAt: null }, reason: 'reactivated', now }).thenNothing();
      spec.given(passwordSet, revoked).when({ type: 'RevokePassword', account, reason: 'reactivated', now }).thenNothing();
    });

    it('when the old password is given after the revocation, then the login and a signature are refused (set a new one)', () => {
      spec
        .given(passwordSet, revoked)
        .when({ type: 'LogIn', account, passwordMatches: true, sessionId: 's-1', now })
        .thenRefuses({ code: 'password-expired' }, [{ type: 'LoginFailed', data: { userId, at: now.toISOString(), reason: 'password-expired', consecutiveFailures: 0 } }]);
      const { decision } = spec.given(passwordSet, revoked).when({ type: 'CheckCredentials', account, purpose: 'signature', passwordMatches: true, now });
      expect(decision.rejection).toEqual({ code: 'signature-refused' });
    });

    it("when a password from before credentials had their own stream is revoked, then the account's old date does not bring it back", () => {
      spec
        .given(revoked)
        .when({ type: 'LogIn', account, passwordMatches: true, sessionId: 's-1', now })
        .thenRefuses({ code: 'password-expired' }, [{ type: 'LoginFailed', data: { userId, at: now.toISOString(), reason: 'password-expired', consecutiveFailures: 0 } }]);
    });

    it('when a new password is set after the revocation, then logging in works again', () => {
      const later = at(60_000);
      const newPassword: CredentialEvent = { type: 'PasswordSet', data: { userId, setAt: later.toISOString(), via: 'set-password-link' } };
      spec
        .given(passwordSet, revoked, newPassword)
        .when({ type: 'LogIn', account, passwordMatches: true, sessionId: 's-1', now: later })
        .then([{ type: 'LoginSucceeded', data: { userId, sessionId: 's-1', at: later.toISOString() } }]);
    });
  });
});

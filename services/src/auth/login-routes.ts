import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  type CurrentUserResponse,
  GetTokenRequest,
  type GetTokenResponse,
  type LogoutResponse,
  PASSWORD_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@ifu/contracts';
import { findUserByEmail } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { originOf, parseBody } from '../platform/http';
import { issuePasswordLink } from './password-links';
import { isPasswordActive, isPasswordExpired } from './account';
import { issueSecondFactorChallenge } from './second-factor-challenge';
import { guards, issueToken } from './authentication';
import { DeviceCookies } from './device-cookies';
import { passwordCheck, verifyPassword } from './password-hashes';
import { perAddressLimit, perIpLimit } from './rate-limits';
import { onCredentials } from './credentials';
import { offerUnlock } from './unlock';
import { createSession, revokeSession } from './sessions';

/**
 * Answers about one address per hour, whoever asks: verify-email tells whether an account exists and is active (the
 * spec's login needs it), so its per-caller limit alone would let many sources watch one account. A person logging in
 * asks once per attempt; past the limit the portal goes on to the password step, which does not need this answer.
 */
export const VERIFY_EMAIL_PER_ADDRESS_PER_HOUR = 20;

export interface LoginRouteOptions {
  /** Requests per IP per 15 minutes on the anonymous login calls; the per-account lockout is separate. */
  loginRateLimit?: number;
  /** Requests per IP per 15 minutes on POST /user/notify/admin. */
  notifyAdminRateLimit?: number;
}

/** The login calls of spec §7.1 (and logout and /user/me, additions). */
export function loginRoutes(ctx: AppContext, options: LoginRouteOptions = {}): Router {
  const router = Router();
  const limiter = perIpLimit(ctx.rateLimits, 'login', options.loginRateLimit ?? 100);
  const { enrolling, accounts } = guards(ctx);
  const devices = new DeviceCookies(ctx.secrets.jwtSecret, ctx.config.PUBLIC_API_URL.startsWith('https:'));

  const perAddress = perAddressLimit(ctx.rateLimits, 'verify-email', VERIFY_EMAIL_PER_ADDRESS_PER_HOUR, 'email', { code: 'verify-email-limited' });

  router.post('/user/verify/email', limiter, perAddress, async (req, res) => {
    const { email } = parseBody(VerifyEmailRequest, req.body);
    const user = await findUserByEmail(ctx.db, email);
    if (!user) {
      const unknown: VerifyEmailResponse = { emailExist: false, userActive: false, passwordActive: false };
      res.json(unknown);
      return;
    }
    const run = ctx.commands.begin(originOf(req, { type: 'public', email }));
    const userActive = user.userActive && !user.isDeleted;
    const passwordActive = isPasswordActive(user.passwordSetAt, run.now);
    const body: VerifyEmailResponse = { emailExist: true, userActive, passwordActive };
    if (userActive && !passwordActive) {
      // The set-password link goes only to the mailbox, never to this anonymous caller (spec §4 made safe).
      const expired = isPasswordExpired(user.passwordSetAt, run.now);
      // Within the hour's budget of set-password links anonymous calls cause, else not sent, logged.
      await ctx.anonymousMail.toAddressee('password-link', req.log, () => issuePasswordLink(ctx, run, user.id, expired ? 'expired' : 'new-user'));
      body.passwordExpired = expired;
      body.message = PASSWORD_MESSAGES.setPasswordLinkSent;
    }
    res.json(body);
  });

  router.post('/user/get/token', limiter, async (req, res) => {
    const { username, password } = parseBody(GetTokenRequest, req.body);
    // The read model only finds the account by its address; what decides (the password's seal, active, role) is the
    // account's own streams in the log.
    const user = await findUserByEmail(ctx.db, username);
    if (!user) {
      // The same argon2 work for an unknown address, so timing does not tell which addresses exist.
      await verifyPassword(undefined, password, ctx.config.PASSWORD_HASH_COST);
      req.log.warn({ reason: 'unknown-email' }, 'login refused');
      refuse('authentication-failure');
    }
    const sessionId = randomUUID();
    const run = ctx.commands.begin(originOf(req, { type: 'user', userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` }));
    // A browser that signed in to this account before is judged by its own failures only.
    const device = devices.deviceOf(req, user.id);
    // With a second factor, the password is checked (its failures count as always) but opens no session:
    // the answer is a challenge for the code step, which records the login.
    const factor = (await accounts.get(user.id))?.secondFactor ?? null;
    let account;
    try {
      const check = await passwordCheck(ctx, user.id, password);
      const attempt = { passwordMatches: false, delayBaseMs: ctx.config.LOGIN_DELAY_MS, device, trusted: device !== undefined };
      const command = factor ? { type: 'CheckCredentials' as const, purpose: 'login' as const, ...attempt } : { type: 'LogIn' as const, sessionId, ...attempt };
      ({ account } = await onCredentials(run, user.id, command, check));
    } catch (failure) {
      await offerUnlock(ctx, run, user.id, failure);
      throw failure;
    }
    if (factor) {
      req.log.info({ userId: user.id }, 'password accepted, second factor asked');
      const body: GetTokenResponse = {
        secondFactorRequired: true,
        challenge: issueSecondFactorChallenge(ctx.secrets.jwtSecret, user.id, factor.enrolmentId, run.now),
        message: SECOND_FACTOR_MESSAGES.enterCode,
      };
      res.json(body);
      return;
    }
    await createSession(ctx.db, sessionId, user.id, run.now);
    devices.remember(req, res, user.id);
    req.log.info({ userId: user.id, sessionId }, 'login succeeded');
    const body: GetTokenResponse = {
      message: issueToken(ctx.secrets.jwtSecret, user.id, sessionId),
      role: account.role,
      id: user.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      isTrainingCompleted: account.isTrainingCompleted,
      // An ADMIN without a second factor: this session may only enrol one.
      ...(account.role === 'ADMIN' ? { secondFactorEnrolmentRequired: true } : {}),
    };
    res.json(body);
  });

  router.post('/user/logout', enrolling, async (req, res) => {
    const auth = req.auth!;
    const run = ctx.commands.begin(originOf(req));
    await revokeSession(ctx.db, auth.sessionId, run.now, 'logout');
    await onCredentials(run, auth.userId, { type: 'LogOut', sessionId: auth.sessionId });
    const body: LogoutResponse = { message: 'Logged out' };
    res.json(body);
  });

  // The session check already read the account as it is now: no second query.
  router.get('/user/me', enrolling, (req, res) => {
    const user = req.auth!;
    const secondFactorEnrolled = user.secondFactorEnrolled === true;
    const body: CurrentUserResponse = {
      id: user.userId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isTrainingCompleted: user.isTrainingCompleted,
      secondFactorEnrolled,
      secondFactorRequired: user.role === 'ADMIN' && !secondFactorEnrolled,
      taskMail: user.taskMail ?? 'each',
    };
    res.json(body);
  });

  return router;
}

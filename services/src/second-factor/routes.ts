import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import {
  ConfirmEnrolmentRequest,
  type ConfirmEnrolmentResponse,
  type GetTokenResponse,
  type MessageResponse,
  ResetSecondFactorRequest,
  SECOND_FACTOR_MESSAGES,
  SecondFactorLoginRequest,
  type StartEnrolmentResponse,
} from '@ifu/contracts';
import { guards, issueToken, DeviceCookies, type RateLimitStores, perIpLimit, createSession, readSecondFactorChallenge, type SecondFactorChallenge } from '../auth';
import type { AppContext } from '../platform/app-context';
import { refuse, Refusal } from '../platform/errors';
import { ifMatch, originOf, parseBody, runCommand } from '../platform/http';
import { confirmEnrolment, logInWithCode, READ_MODELS, resetSecondFactor, startEnrolment } from './commands';

export interface SecondFactorRouteOptions {
  /** Requests per IP per 15 minutes on the anonymous code step (as on the password step). */
  loginRateLimit?: number;
}

/** Wrong codes per user per 15 minutes, on the login's code step and on the enrolment's confirmation (each its own count). */
export const WRONG_CODES_PER_USER = 5;

/**
 * Per user, counted in the shared rate-limit stores (every API instance counts the same hits): only refused attempts
 * count (`skipSuccessfulRequests`), so the owner who types a right code is never slowed down, and a guesser who has
 * the password gets five codes in 15 minutes. `userOf` names the user before anything is decided.
 */
function perUserCodeLimit(stores: RateLimitStores, name: string, userOf: (req: Request) => string) {
  return rateLimit({
    store: stores.store(`user:${name}`),
    windowMs: 15 * 60_000,
    limit: WRONG_CODES_PER_USER,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `user:${userOf(req)}`,
    handler: (_req, _res, next) => next(new Refusal({ code: 'second-factor-rate-limited' })),
  });
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The account, enrolment and id a valid second-factor challenge names (set before the per-user limit runs). */
    secondFactorChallenge?: SecondFactorChallenge;
  }
}

/** The second factor: enrolment, the login's code step, and an ADMIN's signed reset. */
export function secondFactorRoutes(ctx: AppContext, options: SecondFactorRouteOptions = {}): Router {
  const router = Router();
  const { enrolling, adminOnly } = guards(ctx);
  const devices = new DeviceCookies(ctx.secrets.jwtSecret, ctx.config.PUBLIC_API_URL.startsWith('https:'));

  router.post('/user/second-factor/enrolment', enrolling, async (req, res) => {
    const body: StartEnrolmentResponse = await startEnrolment(ctx, ctx.commands.begin(originOf(req)), req.auth!);
    // The secret is in this answer once: no cache may keep it.
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post(
    '/user/second-factor/enrolment/confirm',
    enrolling,
    perUserCodeLimit(ctx.rateLimits, 'second-factor-enrolment', (req) => req.auth!.userId),
    async (req, res) => {
      const input = parseBody(ConfirmEnrolmentRequest, req.body);
      const { result: recoveryCodes } = await runCommand(ctx, req, READ_MODELS, (run) => confirmEnrolment(ctx, run, req.auth!, input));
      const body: ConfirmEnrolmentResponse = { message: SECOND_FACTOR_MESSAGES.enrolled, recoveryCodes };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  router.post(
    '/user/get/token/second-factor',
    perIpLimit(ctx.rateLimits, 'login-second-factor', options.loginRateLimit ?? 100),
    (req, _res, next) => {
      // The body is validated before the per-user count, so the count is of real attempts on a real challenge.
      const { challenge } = parseBody(SecondFactorLoginRequest, req.body);
      const named = readSecondFactorChallenge(ctx.secrets.jwtSecret, challenge, ctx.clock());
      if (!named) refuse('second-factor-challenge-invalid');
      req.secondFactorChallenge = named;
      next();
    },
    perUserCodeLimit(ctx.rateLimits, 'second-factor-login', (req) => req.secondFactorChallenge!.userId),
    async (req, res) => {
      const { code } = parseBody(SecondFactorLoginRequest, req.body);
      const { userId, enrolmentId, challengeId } = req.secondFactorChallenge!;
      const account = await guards(ctx).accounts.get(userId);
      if (!account) refuse('second-factor-challenge-invalid');
      const sessionId = randomUUID();
      const run = ctx.commands.begin(originOf(req, { type: 'user', userId, email: account.email, name: `${account.firstName} ${account.lastName}` }));
      const device = devices.deviceOf(req, userId);
      const { account: now } = await logInWithCode(ctx, run, { userId, enrolmentId, challengeId, code, sessionId, ...(device === undefined ? {} : { device }) });
      await createSession(ctx.db, sessionId, userId, run.now);
      devices.remember(req, res, userId);
      req.log.info({ userId, sessionId }, 'login succeeded with a second factor');
      const body: GetTokenResponse = {
        message: issueToken(ctx.secrets.jwtSecret, userId, sessionId),
        role: now.role,
        id: userId,
        email: now.email,
        firstName: now.firstName,
        lastName: now.lastName,
      };
      res.json(body);
    },
  );

  router.post('/user/second-factor/reset', ...adminOnly, async (req, res) => {
    const { id, username, password } = parseBody(ResetSecondFactorRequest, req.body);
    await runCommand(ctx, req, READ_MODELS, (run) => resetSecondFactor(ctx, run, { id, credentials: { username, password }, actor: req.auth!, seenVersion: ifMatch(req) }));
    const body: MessageResponse = { message: SECOND_FACTOR_MESSAGES.reset };
    res.json(body);
  });

  return router;
}

import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  type CurrentUserResponse,
  GetTokenRequest,
  type GetTokenResponse,
  type LogoutResponse,
  PASSWORD_MESSAGES,
  type UserEvent,
  userStreamId,
  VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@ifu/contracts';
import { findUserByEmail, findUserById } from '@ifu/projections';
import type { z } from 'zod';
import type { AppContext } from '../platform/app-context';
import { handleCommand } from '../platform/command-handling';
import { HttpError, locked, unauthorized } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { parseBody } from '../platform/validation';
import { authenticate, issueToken } from './authentication';
import { decideLogin, type LoginDecision } from './login';
import { isPasswordActive, isPasswordExpired } from './password-policy';
import { issuePasswordLink } from './password-links';
import { perIpLimit } from './rate-limits';
import { loadPasswordHash, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';
import { foldUser } from './user';

export const AUTHENTICATION_FAILURE = 'Authentication failure';

export interface LoginRouteOptions {
  /** Requests per IP per 15 minutes on the anonymous login calls; the per-account lockout is separate. */
  loginRateLimit?: number;
  /** Requests per IP per 15 minutes on POST /user/notify/admin. */
  notifyAdminRateLimit?: number;
}

export function loginRoutes(ctx: AppContext, options: LoginRouteOptions = {}): Router {
  const router = Router();
  const limiter = perIpLimit(options.loginRateLimit ?? 100);

  router.post('/user/verify/email', limiter, async (req, res) => {
    const { email } = parseBody(VerifyEmailRequest, req.body);
    const user = await findUserByEmail(ctx.db, email);
    if (!user) {
      const unknown: VerifyEmailResponse = { emailExist: false, userActive: false, passwordActive: false };
      res.json(unknown);
      return;
    }
    const now = ctx.clock();
    const userActive = user.userActive && !user.isDeleted;
    const passwordActive = isPasswordActive(user.passwordSetAt, now);
    const body: VerifyEmailResponse = { emailExist: true, userActive, passwordActive };
    if (userActive && !passwordActive) {
      // The set-password link goes only to the mailbox, never to this anonymous caller (spec §4 made safe).
      const expired = isPasswordExpired(user.passwordSetAt, now);
      const issued = await issuePasswordLink(ctx, user, expired ? 'expired' : 'new-user', eventMetadata(req, now, { type: 'public', email }));
      await ctx.readModels.waitFor(issued.lastPosition);
      body.passwordExpired = expired;
      body.message = PASSWORD_MESSAGES.setPasswordLinkSent;
    }
    res.json(body);
  });

  router.post('/user/get/token', limiter, async (req, res) => {
    const { username, password } = parseBody(GetTokenRequest, req.body);
    const user = await findUserByEmail(ctx.db, username);
    const passwordMatches = await verifyPassword(user && (await loadPasswordHash(ctx.db, user.id)), password);
    if (!user) {
      req.log.warn({ reason: 'unknown-email' }, 'login refused');
      throw unauthorized(AUTHENTICATION_FAILURE);
    }
    const now = ctx.clock();
    const sessionId = randomUUID();
    const actor = { type: 'user' as const, userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
    const { result: decision, lastPosition } = await handleCommand<UserEvent, ReturnType<typeof foldUser>, LoginDecision>(
      ctx.store,
      userStreamId(user.id),
      foldUser,
      (state) => {
        const decided = decideLogin(state, { type: 'LogIn', passwordMatches, sessionId, now });
        return { events: decided.events, result: decided };
      },
      eventMetadata(req, now, actor),
    );
    if (decision.rejection) {
      req.log.warn({ userId: user.id, reason: decision.rejection.reason }, 'login refused');
      await ctx.readModels.waitFor(lastPosition);
      throw loginRefusal(decision.rejection);
    }
    await createSession(ctx.db, sessionId, user.id, now);
    await ctx.readModels.waitFor(lastPosition);
    req.log.info({ userId: user.id, sessionId }, 'login succeeded');
    const body: GetTokenResponse = {
      message: issueToken(ctx.secrets.jwtSecret, user.id, sessionId),
      role: user.role,
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    };
    res.json(body);
  });

  router.post('/user/logout', authenticate(ctx), async (req, res) => {
    const auth = req.auth!;
    const now = ctx.clock();
    await revokeSession(ctx.db, auth.sessionId, now, 'logout');
    const event: UserEvent = { type: 'LoggedOut', data: { userId: auth.userId, sessionId: auth.sessionId, at: now.toISOString() } };
    await ctx.store.append(userStreamId(auth.userId), [{ ...event, metadata: eventMetadata(req, now) }], 'any');
    const body: z.infer<typeof LogoutResponse> = { message: 'Logged out' };
    res.json(body);
  });

  router.get('/user/me', authenticate(ctx), async (req, res) => {
    const user = await findUserById(ctx.db, req.auth!.userId);
    if (!user) throw unauthorized();
    const body: CurrentUserResponse = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
    };
    res.json(body);
  });

  return router;
}

function loginRefusal(rejection: NonNullable<LoginDecision['rejection']>): HttpError {
  switch (rejection.reason) {
    case 'unknown-or-inactive':
    case 'wrong-password':
      return unauthorized(AUTHENTICATION_FAILURE);
    case 'account-locked': {
      const until = rejection.lockedUntil.slice(11, 16);
      return locked(`This account is locked after 5 failed attempts. Try again after ${until} UTC.`);
    }
    case 'password-expired':
      return new HttpError(403, "Your password has expired. Use 'Forgot Password?' to set a new one.");
    default: {
      const unhandled: never = rejection;
      return unhandled;
    }
  }
}

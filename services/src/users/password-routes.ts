import { Router } from 'express';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  type MessageResponse,
  PASSWORD_MESSAGES,
  SetPasswordRequest,
  type UserEvent,
  userStreamId,
} from '@ifu/contracts';
import { findUserByEmail, findUserById } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { handleCommand } from '../platform/command-handling';
import { badRequest, locked } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { parseBody } from '../platform/validation';
import { authenticate } from './authentication';
import { type CredentialDecision, decideCredentials } from './login';
import { consumeToken, findTokenUser, issuePasswordLink } from './password-links';
import { passwordPolicyViolation } from './password-policy';
import { hashPassword, loadPasswordHash, storePasswordHash, verifyPassword } from './passwords';
import { perIpLimit } from './rate-limits';
import { revokeOtherSessions, revokeUserSessions } from './sessions';
import { foldUser, type UserState } from './user';

export function passwordRoutes(ctx: AppContext, options: { rateLimit?: number } = {}): Router {
  const router = Router();
  const limiter = perIpLimit(options.rateLimit ?? 100);

  // The same answer whether or not the address has an account.
  router.post('/user/forgot/password', limiter, async (req, res) => {
    const { email } = parseBody(ForgotPasswordRequest, req.body);
    const user = await findUserByEmail(ctx.db, email);
    if (user && user.userActive && !user.isDeleted) {
      await issuePasswordLink(ctx, user, 'reset', eventMetadata(req, ctx.clock(), { type: 'public', email }));
    } else {
      req.log.info({ known: Boolean(user) }, 'forgot-password for an address without an active account: no mail');
    }
    const body: MessageResponse = { message: PASSWORD_MESSAGES.forgotSent };
    res.json(body);
  });

  router.post('/user/set/password', limiter, async (req, res) => {
    const { token, password } = parseBody(SetPasswordRequest, req.body);
    const userId = await findTokenUser(ctx, token);
    const user = userId ? await findUserById(ctx.db, userId) : undefined;
    if (!user || !user.userActive || user.isDeleted) throw badRequest(PASSWORD_MESSAGES.linkInvalid);
    const violation = passwordPolicyViolation(password, user.email);
    // A refused password leaves the link usable, so the person can try another one.
    if (violation) throw badRequest(violation);
    const passwordHash = await hashPassword(password);
    if (!(await consumeToken(ctx, token))) throw badRequest(PASSWORD_MESSAGES.linkInvalid);
    const now = ctx.clock();
    await storePasswordHash(ctx.db, user.id, passwordHash, now.toISOString());
    const event: UserEvent = { type: 'PasswordSet', data: { userId: user.id, setAt: now.toISOString(), via: 'set-password-link' } };
    const actor = { type: 'user' as const, userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
    const appended = await ctx.store.append(userStreamId(user.id), [{ ...event, metadata: eventMetadata(req, now, actor) }], 'any');
    // Whoever knew the old password is out.
    await revokeUserSessions(ctx.db, user.id, now, 'password-set');
    await ctx.readModels.waitFor(appended.lastPosition);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.created };
    res.json(body);
  });

  router.post('/user/change/password', authenticate(ctx), async (req, res) => {
    const auth = req.auth!;
    const { email, oldPassword, newPassword } = parseBody(ChangePasswordRequest, req.body);
    if (email.toLowerCase() !== auth.email.toLowerCase()) throw badRequest(PASSWORD_MESSAGES.userNameWrong);
    const violation = passwordPolicyViolation(newPassword, auth.email);
    if (violation) throw badRequest(violation);
    if (newPassword === oldPassword) throw badRequest('The new password must be different from the current one.');

    const passwordMatches = await verifyPassword(await loadPasswordHash(ctx.db, auth.userId), oldPassword);
    const newHash = await hashPassword(newPassword);
    const now = ctx.clock();
    const { result, lastPosition } = await handleCommand<UserEvent, UserState, CredentialDecision>(
      ctx.store,
      userStreamId(auth.userId),
      foldUser,
      (state) => {
        const checked = decideCredentials(state, { type: 'CheckCredentials', purpose: 'change-password', passwordMatches, now });
        if (checked.rejection) return { events: checked.events, result: checked };
        const set: UserEvent = { type: 'PasswordSet', data: { userId: auth.userId, setAt: now.toISOString(), via: 'change' } };
        return { events: [set], result: checked };
      },
      eventMetadata(req, now),
    );
    if (result.rejection) {
      await ctx.readModels.waitFor(lastPosition);
      if (result.rejection.reason === 'account-locked') {
        throw locked(`This account is locked after 5 failed attempts. Try again after ${result.rejection.lockedUntil.slice(11, 16)} UTC.`);
      }
      throw badRequest('The current password is not correct.');
    }
    await storePasswordHash(ctx.db, auth.userId, newHash, now.toISOString());
    await revokeOtherSessions(ctx.db, auth.userId, auth.sessionId, now, 'password-changed');
    await ctx.readModels.waitFor(lastPosition);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.changed };
    res.json(body);
  });

  return router;
}

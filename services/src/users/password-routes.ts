import { Router } from 'express';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  type MessageResponse,
  PASSWORD_MESSAGES,
  SetPasswordRequest,
} from '@ifu/contracts';
import { findUserByEmail, findUserById, userAccountsProjection } from '@ifu/projections';
import { guards } from '../auth/authentication';
import { hashPassword, loadPasswordHash, storePasswordHash, verifyPassword } from '../auth/password-hashes';
import { perIpLimit } from '../auth/rate-limits';
import { checkCredentials, onCredentials } from '../auth/credentials';
import { offerUnlock } from '../auth/unlock';
import { revokeOtherSessions, revokeUserSessions } from '../auth/sessions';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { originOf, parseBody } from '../platform/http';
import { consumeToken, findTokenUser, issuePasswordLink } from './password-links';
import { passwordPolicyViolation } from './password-policy';

/** Forgot, set and change password (spec §7.1, §2.1, §2.6). */
export function passwordRoutes(ctx: AppContext, options: { rateLimit?: number } = {}): Router {
  const router = Router();
  const limiter = perIpLimit(options.rateLimit ?? 100);
  const { loggedIn } = guards(ctx);

  // The same answer, in the same time, whether or not the address has an (active) account: the lookup and the mail
  // happen after the answer (issue 8, finding 12); the credentials decider decides about the link.
  router.post('/user/forgot/password', limiter, async (req, res) => {
    const { email } = parseBody(ForgotPasswordRequest, req.body);
    const run = ctx.commands.begin(originOf(req, { type: 'public', email }));
    const log = req.log;
    ctx.work.defer('forgot-password', async () => {
      const user = await findUserByEmail(ctx.db, email);
      // Within the hour's budget of set-password links anonymous calls cause (issue 19, finding 5), else not sent, logged.
      const sent = user ? await ctx.anonymousMail.toAddressee('password-link', log, () => issuePasswordLink(ctx, run, user.id, 'reset')) : false;
      if (!sent) log.info({ known: Boolean(user) }, 'forgot-password: no mail (no active account, or a link went out in the last minute)');
    });
    const body: MessageResponse = { message: PASSWORD_MESSAGES.forgotSent };
    res.json(body);
  });

  router.post('/user/set/password', limiter, async (req, res) => {
    const { token, password } = parseBody(SetPasswordRequest, req.body);
    const userId = await findTokenUser(ctx, token, ctx.clock());
    const user = userId ? await findUserById(ctx.db, userId) : undefined;
    if (!user) refuse('password-link-invalid');
    const actor = { type: 'user' as const, userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
    const run = ctx.commands.begin(originOf(req, actor));
    const violation = passwordPolicyViolation(password, user.email);
    // A refused password leaves the link usable, so the person can try another one.
    if (violation) refuse('password-policy', { message: violation });
    const passwordHash = await hashPassword(password);
    if (!(await consumeToken(ctx, token, run.now))) refuse('password-link-invalid');
    // Decided before the hash is stored: an account deactivated since the link went out gets no password.
    await onCredentials(run, user.id, { type: 'SetPassword', via: 'set-password-link' });
    await storePasswordHash(ctx.db, user.id, passwordHash, run.now.toISOString());
    // Whoever knew the old password is out.
    await revokeUserSessions(ctx.db, user.id, run.now, 'password-set');
    await run.settle([userAccountsProjection.name]);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.created };
    res.json(body);
  });

  router.post('/user/change/password', loggedIn, async (req, res) => {
    const auth = req.auth!;
    const { email, oldPassword, newPassword } = parseBody(ChangePasswordRequest, req.body);
    if (email.toLowerCase() !== auth.email.toLowerCase()) refuse('username-wrong');
    const violation = passwordPolicyViolation(newPassword, auth.email);
    if (violation) refuse('password-policy', { message: violation });
    if (newPassword === oldPassword) refuse('password-unchanged');

    const passwordMatches = await verifyPassword(await loadPasswordHash(ctx.db, auth.userId), oldPassword);
    const newHash = await hashPassword(newPassword);
    const run = ctx.commands.begin(originOf(req));
    // The current password is a re-entered credential: a wrong one counts toward lockout like a failed login.
    try {
      await checkCredentials(run, auth.userId, 'change-password', passwordMatches, ctx.config.LOGIN_DELAY_MS);
    } catch (failure) {
      await offerUnlock(ctx, run, auth.userId, failure);
      throw failure;
    }
    await onCredentials(run, auth.userId, { type: 'SetPassword', via: 'change' });
    await storePasswordHash(ctx.db, auth.userId, newHash, run.now.toISOString());
    await revokeOtherSessions(ctx.db, auth.userId, auth.sessionId, run.now, 'password-changed');
    await run.settle([userAccountsProjection.name]);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.changed };
    res.json(body);
  });

  return router;
}

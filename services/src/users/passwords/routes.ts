import { type Request, Router } from 'express';
import {
  ChangePasswordRequest,
  credentialsStreamId,
  ForgotPasswordRequest,
  type MessageResponse,
  PASSWORD_MESSAGES,
  SetPasswordLinkCheckRequest,
  SetPasswordRequest,
} from '@ifu/contracts';
import { findUserByEmail, userAccountsProjection } from '@ifu/projections';
import { guards, passwordCheck, setPassword, InFlightLimit, perIpLimit, accountFacts, checkCredentials, credentialsDecider, loadAccount, offerUnlock, revokeOtherSessions, revokeUserSessions, findTokenUser, issuePasswordLink, linkSeal } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { originOf, parseBody } from '../../platform/http';
import { passwordPolicyViolations } from './password-policy';

/** A new password that breaks rules: every rule broken, said at once (next to `field`, the request's password field). */
const refusePassword = (field: 'password' | 'newPassword', broken: string[]): void => {
  if (broken.length > 0) refuse('password-policy', { message: broken.join(' '), fields: broken.map((message) => ({ field, message })) });
};

/** Forgot, set and change password (spec §7.1, §2.1, §2.6). */
export function passwordRoutes(ctx: AppContext, options: { rateLimit?: number } = {}): Router {
  const router = Router();
  const limiter = perIpLimit(ctx.rateLimits, 'password', options.rateLimit ?? 100);
  const { loggedIn } = guards(ctx);
  // One strength worker serves every password change of this process, each estimate up to its deadline, in turn: one
  // account or one address sending many at once made everyone else's change wait. So each may have one check running;
  // the rest are refused at once.
  const checks = new InFlightLimit(ctx.rateLimits, 'password-check');
  const checkedAlone = (userId: string, ip: string | undefined, check: () => Promise<string[]>) =>
    checks.hold([`user:${userId}`, `address:${ip ?? 'unknown'}`], { code: 'password-check-busy' }, check);

  // The same answer, in the same time, whether or not the address has an (active) account: the lookup and the mail
  // happen after the answer; the credentials decider decides about the link.
  router.post('/user/forgot/password', limiter, async (req, res) => {
    const { email } = parseBody(ForgotPasswordRequest, req.body);
    const run = ctx.commands.begin(originOf(req, { type: 'public', email }));
    const log = req.log;
    ctx.work.defer('forgot-password', async () => {
      const user = await findUserByEmail(ctx.db, email);
      // Within the hour's budget of set-password links anonymous calls cause, else not sent, logged.
      const sent = user ? await ctx.anonymousMail.toAddressee('password-link', log, () => issuePasswordLink(ctx, run, user.id, 'reset')) : false;
      if (!sent) log.info({ known: Boolean(user) }, 'forgot-password: no mail (no active account, or a link went out in the last minute)');
    });
    const body: MessageResponse = { message: PASSWORD_MESSAGES.forgotSent };
    res.json(body);
  });

  /**
   * The emailed link's account, when the link is the one the log has open for an account active now: the table only
   * finds the account; a table row changed behind the product's back opens nothing. Refused otherwise
   * (`password-link-invalid`), nothing recorded.
   */
  const openLink = async (req: Request, token: string) => {
    const userId = await findTokenUser(ctx, token, ctx.clock());
    if (!userId) refuse('password-link-invalid');
    // The account as its stream has it: who acts here (the audit trail's actor) and whose address the policy knows.
    const account = await loadAccount(ctx.commands.begin(originOf(req, { type: 'system', name: 'set-password-link' })), userId);
    const run = ctx.commands.begin(originOf(req, { type: 'user', userId, email: account.email, name: `${account.firstName} ${account.lastName}` }));
    const how = { via: 'set-password-link' as const, linkSeal: linkSeal(ctx.seals, userId, 'set-password', token) };
    await run.check({ stream: credentialsStreamId(userId), decider: credentialsDecider, command: { type: 'SetPassword', account: accountFacts(account), hashSeal: '', now: run.now, ...how } });
    return { userId, account, run, how };
  };

  // The Reset Password page asks when it opens whether its link still works, so that a used or expired link is said
  // at once rather than after the person typed a password. Nothing is recorded; the answer names no account.
  router.post('/user/set/password/check', limiter, async (req, res) => {
    const { token } = parseBody(SetPasswordLinkCheckRequest, req.body);
    await openLink(req, token);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.linkValid };
    res.json(body);
  });

  router.post('/user/set/password', limiter, async (req, res) => {
    const { token, password } = parseBody(SetPasswordRequest, req.body);
    // The link first; only then is the new password judged, off the request thread.
    const { userId, account, run, how } = await openLink(req, token);
    // A refused password leaves the link usable, so the person can try another one.
    refusePassword('password', await checkedAlone(userId, req.ip, () => passwordPolicyViolations(password, account.email)));
    // `PasswordSet` closes the link in the log (a second use, even at the same moment, is refused there); its row
    // in the table follows (password-links.ts).
    await setPassword(ctx, run, userId, password, how);
    // Whoever knew the old password is out.
    await revokeUserSessions(ctx.db, userId, run.now, 'password-set');
    await run.settle([userAccountsProjection.name]);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.created };
    res.json(body);
  });

  router.post('/user/change/password', loggedIn, async (req, res) => {
    const auth = req.auth!;
    const { email, oldPassword, newPassword } = parseBody(ChangePasswordRequest, req.body);
    if (email.toLowerCase() !== auth.email.toLowerCase()) refuse('username-wrong');
    // The current password first: nobody gets the strength estimate's work without it. A
    // wrong one counts toward lockout like a failed login.
    const run = ctx.commands.begin(originOf(req));
    try {
      await checkCredentials(run, auth.userId, 'change-password', await passwordCheck(ctx, auth.userId, oldPassword), ctx.config.LOGIN_DELAY_MS);
    } catch (failure) {
      await offerUnlock(ctx, run, auth.userId, failure);
      throw failure;
    }
    refusePassword('newPassword', await checkedAlone(auth.userId, req.ip, () => passwordPolicyViolations(newPassword, auth.email)));
    if (newPassword === oldPassword) refuse('password-unchanged');
    await setPassword(ctx, run, auth.userId, newPassword, { via: 'change' });
    await revokeOtherSessions(ctx.db, auth.userId, auth.sessionId, run.now, 'password-changed');
    await run.settle([userAccountsProjection.name]);
    const body: MessageResponse = { message: PASSWORD_MESSAGES.changed };
    res.json(body);
  });

  return router;
}

import { Router } from 'express';
import { ConfirmChangeRequest, IDENTITY_CHANGE_MESSAGES, type MessageResponse, userStreamId } from '@ifu/contracts';
import { userAccountsProjection } from '@ifu/projections';
import { onCredentials, perIpLimit, revokeUserSessions, consumeToken, findTokenUser } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { originOf, parseBody } from '../../platform/http';
import { checkEmailFree, claimEmail, releaseEmail } from '../claims/email-claims';
import { checkPrintedNameOf, executeUserStep } from '../claims/printed-name-claims';
import { ACCEPT, CONFIRM, mailConfirmation } from './mails';
import { identityChangeDecider } from './rules';

/** POST /user/confirm/change { token } (an addition to the spec's calls): accepts or confirms a change from the mailbox. */
export function identityChangeRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/user/confirm/change', perIpLimit(ctx.rateLimits, 'confirm-change', 20), async (req, res) => {
    const { token } = parseBody(ConfirmChangeRequest, req.body);
    const now = ctx.clock();
    const accepting = await findTokenUser(ctx, token, now, [ACCEPT]);
    const confirming = accepting ? undefined : await findTokenUser(ctx, token, now, [CONFIRM]);
    const userId = accepting ?? confirming;
    if (!userId) refuse('identity-change-invalid');
    const run = ctx.commands.begin(originOf(req, { type: 'system', name: 'identity-change-link' }));
    const stream = userStreamId(userId);
    const command = accepting ? ({ type: 'AcceptIdentityChange', now: run.now } as const) : ({ type: 'ConfirmNewEmail', now: run.now } as const);
    // Decided before the token is used up or the new address claimed: a refused confirmation changes nothing.
    await run.check({ stream, decider: identityChangeDecider, command });
    const { state: before } = await run.load(stream, identityChangeDecider);
    const pending = before.pendingIdentityChange!;
    const newEmail = pending.to.email;
    const movesAddress = pending.changed.includes('email');
    if (confirming && movesAddress) await checkEmailFree(ctx, run, newEmail, userId);
    // A new printed name must still be free when it takes effect, before the token is used up.
    await checkPrintedNameOf(ctx, run, { stream, decider: identityChangeDecider, command }, userId);
    if (!(await consumeToken(ctx, token, run.now, accepting ? [ACCEPT] : [CONFIRM]))) refuse('identity-change-invalid');

    if (accepting && movesAddress) {
      await executeUserStep(ctx, run, { stream, decider: identityChangeDecider, command }, userId);
      await mailConfirmation(ctx, userId, pending, run.now);
      const body: MessageResponse = { message: IDENTITY_CHANGE_MESSAGES.accepted };
      res.json(body);
      return;
    }
    if (movesAddress) await claimEmail(ctx, run, newEmail, userId);
    await executeUserStep(ctx, run, { stream, decider: identityChangeDecider, command }, userId);
    if (movesAddress) {
      await releaseEmail(run, before.email, userId);
      // Links mailed to the old address stop working (closed in the log; their rows follow), and sessions end: the
      // account is now the new address's.
      await onCredentials(run, userId, { type: 'CloseLinks', reason: 'email-changed' });
      await revokeUserSessions(ctx.db, userId, run.now, 'email-changed');
      await ctx.mailer.send({
        to: before.email,
        subject: 'IFU Portal: your account uses another email address now',
        text: [
          `Hello ${before.firstName} ${before.lastName},`,
          '',
          `Your IFU Portal account now uses ${newEmail}; this address gets no more mail about it.`,
          'If this was not you, tell your administrator at once.',
          '',
          'IFU Portal',
        ].join('\n'),
      });
    }
    await run.settle([userAccountsProjection.name]);
    const body: MessageResponse = { message: movesAddress ? IDENTITY_CHANGE_MESSAGES.emailChanged : IDENTITY_CHANGE_MESSAGES.applied };
    res.json(body);
  });
  return router;
}

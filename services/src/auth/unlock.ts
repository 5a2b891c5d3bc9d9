import { Router } from 'express';
import { type MessageResponse, UNLOCK_MESSAGES, UnlockRequest } from '@ifu/contracts';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { originOf, parseBody } from '../platform/http';
import { findTokenUser, linkSeal, newLinkToken, storeLinkToken, UNLOCK_PURPOSES } from './password-links';
import { lockedWholeAccount, onCredentials } from './credentials';
import { perIpLimit } from './rate-limits';

/**
 * A step after a refused credential check: when the failure locked the whole account (guesses
 * from many addresses), its owner is mailed a link that lifts the lock, so that nobody else can keep them out.
 */
export async function offerUnlock(ctx: AppContext, run: CommandRun, userId: string, failure: unknown): Promise<void> {
  if (!lockedWholeAccount(failure)) return;
  const token = newLinkToken();
  const { events, account } = await onCredentials(run, userId, { type: 'IssueUnlockLink', tokenSeal: linkSeal(ctx.seals, userId, 'unlock', token) });
  const issued = events.find((event) => event.type === 'UnlockLinkIssued');
  if (!issued || issued.type !== 'UnlockLinkIssued') return;
  await storeLinkToken(ctx, run, token, userId, 'unlock', issued.data.expiresAt);
  await ctx.mailer.send({
    to: account.email,
    subject: 'IFU Portal: your account was locked',
    text: [
      `Hello ${account.firstName} ${account.lastName},`,
      '',
      'Your IFU Portal account was locked after many wrong passwords from several places.',
      'If that was not you, someone may be guessing your password: unlock your account with this link, and consider',
      "setting a new password with 'Forgot Password?'.",
      '',
      `${ctx.config.PUBLIC_ADMIN_URL}/user/unlock/${token}`,
      '',
      'The link works once and expires in 24 hours.',
      '',
      'IFU Portal',
    ].join('\n'),
  });
}

/** POST /user/unlock { token } (an addition to the spec's calls): the owner lifts a lock through the emailed link. */
export function unlockRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/user/unlock', perIpLimit(ctx.rateLimits, 'unlock', 20), async (req, res) => {
    const { token } = parseBody(UnlockRequest, req.body);
    const userId = await findTokenUser(ctx, token, ctx.clock(), UNLOCK_PURPOSES);
    if (!userId) refuse('unlock-link-invalid');
    const run = ctx.commands.begin(originOf(req, { type: 'system', name: 'unlock-link' }));
    // The table only found the account; the log decides whether the link works (its seal is the open link's) and
    // closes it once used: a second use, even at the same moment, is refused; the row follows the log.
    await onCredentials(run, userId, { type: 'Unlock', linkSeal: linkSeal(ctx.seals, userId, 'unlock', token) });
    const body: MessageResponse = { message: UNLOCK_MESSAGES.unlocked };
    res.json(body);
  });
  return router;
}

import { Router } from 'express';
import { ConfirmChangeRequest, IDENTITY_CHANGE_MESSAGES, type MessageResponse, type UserEvent, userStreamId } from '@ifu/contracts';
import { userAccountsProjection } from '@ifu/projections';
import { onCredentials, perIpLimit, revokeUserSessions, consumeToken, findTokenUser, newLinkToken, storeToken, type UserState } from '../auth';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { originOf, parseBody } from '../platform/http';
import { userDecider } from './decider';
import { checkEmailFree, claimEmail, releaseEmail } from './email-claims';
import { checkPrintedNameOf, executeUserStep } from './printed-name-claims';

/**
 * A change of a user's email or printed name. Whoever controls a user's address controls their
 * password links, and the printed name is what their signatures show; so neither changes by someone else's edit
 * alone. The user accepts from the current address; a new address is then confirmed from itself; only then does
 * `UserModified` (via 'identity-change') change the record, the address claim move, and the old address hear of it.
 */
const ACCEPT = 'accept-identity';
const CONFIRM = 'confirm-email';
const IDENTITY_PURPOSES: readonly string[] = [ACCEPT, CONFIRM];

type Requested = Extract<UserEvent, { type: 'IdentityChangeRequested' }>;

const describe = (to: Requested['data']['to'], changed: readonly string[]) =>
  changed.map((field) => (field === 'email' ? `email address to ${to.email}` : field === 'firstName' ? `first name to ${to.firstName}` : `last name to ${to.lastName}`));

const footer = ['The link works once and expires in 24 hours. If you did not expect this message, do not use the link.', '', 'IFU Portal'];

type Change = Pick<Requested['data'], 'to' | 'expiresAt'>;

/** Mails the new address the link that confirms it (a user's own change at once; someone else's once accepted). */
async function mailConfirmation(ctx: AppContext, userId: string, { to, expiresAt }: Change, now: Date): Promise<void> {
  const token = await storeToken(ctx, newLinkToken(), userId, CONFIRM, IDENTITY_PURPOSES, now, expiresAt);
  await ctx.mailer.send({
    to: to.email,
    subject: 'IFU Portal: confirm your new email address',
    text: [
      `Hello ${to.firstName} ${to.lastName},`,
      '',
      'Your IFU Portal account is to use this address from now on. Confirm it with this link:',
      '',
      `${ctx.config.PUBLIC_ADMIN_URL}/user/confirm/${token}`,
      '',
      ...footer,
    ].join('\n'),
  });
}

/**
 * A step after a change was decided: mails the links an identity change asked for. Someone else's change is accepted
 * from the current address; a user's own new address is confirmed from itself, and the current address is told.
 */
export async function mailIdentityChange(ctx: AppContext, run: CommandRun, userId: string, before: UserState, events: readonly UserEvent[]): Promise<void> {
  const requested = events.find((event): event is Requested => event.type === 'IdentityChangeRequested');
  if (!requested) return;
  const { to, changed, needsAcceptance, expiresAt } = requested.data;
  const greeting = `Hello ${before.firstName} ${before.lastName},`;
  if (!needsAcceptance) {
    await mailConfirmation(ctx, userId, requested.data, run.now);
    await ctx.mailer.send({
      to: before.email,
      subject: 'IFU Portal: a change of your email address was asked for',
      text: [greeting, '', `Your IFU Portal account is to change its ${describe(to, changed).join(', ')}.`, 'It takes effect once the new address is confirmed. If this was not you, tell your administrator.', '', 'IFU Portal'].join('\n'),
    });
    return;
  }
  const token = await storeToken(ctx, newLinkToken(), userId, ACCEPT, IDENTITY_PURPOSES, run.now, expiresAt);
  await ctx.mailer.send({
    to: before.email,
    subject: 'IFU Portal: accept a change to your account',
    text: [
      greeting,
      '',
      'An administrator asked to change your IFU Portal account:',
      ...describe(to, changed).map((line) => `  - ${line}`),
      '',
      'Nothing changes until you accept it with this link:',
      '',
      `${ctx.config.PUBLIC_ADMIN_URL}/user/confirm/${token}`,
      '',
      ...footer,
    ].join('\n'),
  });
}

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
    await run.check({ stream, decider: userDecider, command });
    const { state: before } = await run.load(stream, userDecider);
    const pending = before.pendingIdentityChange!;
    const newEmail = pending.to.email;
    const movesAddress = pending.changed.includes('email');
    if (confirming && movesAddress) await checkEmailFree(ctx, run, newEmail, userId);
    // A new printed name must still be free when it takes effect, before the token is used up.
    await checkPrintedNameOf(ctx, run, { stream, decider: userDecider, command }, userId);
    if (!(await consumeToken(ctx, token, run.now, accepting ? [ACCEPT] : [CONFIRM]))) refuse('identity-change-invalid');

    if (accepting && movesAddress) {
      await executeUserStep(ctx, run, { stream, decider: userDecider, command }, userId);
      await mailConfirmation(ctx, userId, pending, run.now);
      const body: MessageResponse = { message: IDENTITY_CHANGE_MESSAGES.accepted };
      res.json(body);
      return;
    }
    if (movesAddress) await claimEmail(ctx, run, newEmail, userId);
    await executeUserStep(ctx, run, { stream, decider: userDecider, command }, userId);
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

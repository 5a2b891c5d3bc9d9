import { type UserEvent } from '@ifu/contracts';
import { newLinkToken, storeToken, type UserState } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';

/**
 * A change of a user's email or printed name. Whoever controls a user's address controls their
 * password links, and the printed name is what their signatures show; so neither changes by someone else's edit
 * alone. The user accepts from the current address; a new address is then confirmed from itself; only then does
 * `UserModified` (via 'identity-change') change the record, the address claim move, and the old address hear of it.
 */
export const ACCEPT = 'accept-identity';
export const CONFIRM = 'confirm-email';
const IDENTITY_PURPOSES: readonly string[] = [ACCEPT, CONFIRM];

type Requested = Extract<UserEvent, { type: 'IdentityChangeRequested' }>;

const describe = (to: Requested['data']['to'], changed: readonly string[]) =>
  changed.map((field) => (field === 'email' ? `email address to ${to.email}` : field === 'firstName' ? `first name to ${to.firstName}` : `last name to ${to.lastName}`));

const footer = ['The link works once and expires in 24 hours. If you did not expect this message, do not use the link.', '', 'IFU Portal'];

type Change = Pick<Requested['data'], 'to' | 'expiresAt'>;

/** Mails the new address the link that confirms it (a user's own change at once; someone else's once accepted). */
export async function mailConfirmation(ctx: AppContext, userId: string, { to, expiresAt }: Change, now: Date): Promise<void> {
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


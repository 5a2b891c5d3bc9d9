import { NOTIFICATION_NUMBERS_STREAM, type NotificationScope, notificationStreamId } from '@ifu/contracts';
import { customerOfApprovedFamily, findCustomerById } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import type { AuthenticatedUser } from '../platform/http';
import { notificationDecider, notificationNumbersDecider, type ScopeFacts } from './notification';

/** The customer and product a notice names, as the read models have them now (never as they were at its creation). */
async function scopeFacts(ctx: AppContext, scope: NotificationScope): Promise<ScopeFacts> {
  if (scope.customerId === null) return {};
  const customer = await findCustomerById(ctx.db, scope.customerId.toLowerCase());
  return {
    ...(customer ? { customer: { id: scope.customerId, approved: customer.status === 'APPROVED' } } : {}),
    ...(scope.productId === null ? {} : { productCustomerId: await customerOfApprovedFamily(ctx.db, scope.productId) }),
  };
}

/** Ids as the read models key them: customers' and change orders' uuids are stored in lower case. */
const normalised = (scope: NotificationScope): NotificationScope => ({
  customerId: scope.customerId?.toLowerCase() ?? null,
  productId: scope.productId?.toLowerCase() ?? null,
});

/**
 * Adds a notice: checked first, so that a refused notice takes no number; then numbered; then recorded. A number
 * taken by a notice that is then refused (its customer withdrawn in between) is not given again.
 */
export async function addNotification(
  ctx: AppContext,
  run: CommandRun,
  input: { text: string; scope: NotificationScope; actor: AuthenticatedUser },
): Promise<number> {
  const scope = normalised(input.scope);
  const facts = await scopeFacts(ctx, scope);
  const command = (notificationId: number) => ({ type: 'AddNotification' as const, notificationId, text: input.text, scope, facts, actorUserId: input.actor.userId });
  await run.check({ stream: notificationStreamId(0), decider: notificationDecider, command: command(0) });
  const { events } = await run.execute({ stream: NOTIFICATION_NUMBERS_STREAM, decider: notificationNumbersDecider, command: { type: 'AssignNotificationNumber' } });
  const notificationId = events[0]!.data.notificationId;
  await run.execute({ stream: notificationStreamId(notificationId), decider: notificationDecider, command: command(notificationId), expectedVersion: 0 });
  return notificationId;
}

export async function updateNotification(
  ctx: AppContext,
  run: CommandRun,
  input: { id: number; text: string; scope: NotificationScope; actor: AuthenticatedUser; seenVersion?: number },
): Promise<void> {
  const scope = normalised(input.scope);
  const facts = await scopeFacts(ctx, scope);
  await run.execute({
    stream: notificationStreamId(input.id),
    decider: notificationDecider,
    expectedVersion: input.seenVersion,
    command: { type: 'UpdateNotification', text: input.text, scope, facts, actorUserId: input.actor.userId },
  });
}

export async function deleteNotification(run: CommandRun, input: { id: number; actor: AuthenticatedUser; seenVersion?: number }): Promise<void> {
  await run.execute({
    stream: notificationStreamId(input.id),
    decider: notificationDecider,
    expectedVersion: input.seenVersion,
    command: { type: 'DeleteNotification', actorUserId: input.actor.userId },
  });
}

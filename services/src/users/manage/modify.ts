import { type ModifyUserRequest, type UserEvent, userStreamId } from '@ifu/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import type { AuthenticatedUser } from '../../platform/http';
import { checkEmailFree } from '../claims/email-claims';
import { checkPrintedNameFree, executeUserStep, printedNameKey } from '../claims/printed-name-claims';
import { mailIdentityChange } from '../identity-change/mails';
import { activeAdminCount } from './active-admins';
import { manageUserDecider } from './rules';

type ModifyUserInput = z.output<typeof ModifyUserRequest>;

/**
 * PUT /user/modify: decided first (a refused change mails nothing); a new address or printed name must be free now
 * (it is claimed when it takes effect); the identity change's links mailed. Returns the events recorded. A demotion
 * may take away an active ADMIN: it runs within `runActiveAdminsCommand`.
 */
export async function modifyUser(
  ctx: AppContext,
  run: CommandRun,
  input: { fields: ModifyUserInput; actor: AuthenticatedUser; seenVersion?: number },
): Promise<readonly UserEvent[]> {
  const { fields } = input;
  const email = fields.email.toLowerCase();
  // A change of training is decided on the actor as their account is now, not as their session read it.
  const { state: actorNow } = await run.load(userStreamId(input.actor.userId), manageUserDecider);
  const actor = {
    userId: input.actor.userId,
    name: `${actorNow.firstName} ${actorNow.lastName}`.trim(),
    role: actorNow.role,
    active: actorNow.exists && actorNow.userActive && !actorNow.isDeleted,
  };
  const step = {
    stream: userStreamId(fields.id),
    decider: manageUserDecider,
    expectedVersion: input.seenVersion,
    command: {
      type: 'ModifyUser' as const,
      actorUserId: input.actor.userId,
      activeAdminCount: await activeAdminCount(ctx),
      email,
      firstName: fields.firstName,
      lastName: fields.lastName,
      role: fields.role,
      isTrainingCompleted: fields.isTrainingCompleted,
      userActive: fields.userActive,
      actor,
      now: run.now,
    },
  };
  await run.check(step);
  const { state: before } = await run.load(step.stream, manageUserDecider);
  if (email !== before.email) await checkEmailFree(ctx, run, email, fields.id);
  // A new printed name must be free now, whether it applies at once or waits for the user.
  if (printedNameKey(fields) !== printedNameKey(before)) await checkPrintedNameFree(ctx, run, fields, fields.id);
  const { events } = await executeUserStep(ctx, run, step, fields.id);
  await mailIdentityChange(ctx, run, fields.id, before, events);
  return events;
}

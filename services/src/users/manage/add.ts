import { randomUUID } from 'node:crypto';
import { type AddUserRequest, userStreamId } from '@ifu/contracts';
import type { z } from 'zod';
import { issuePasswordLink } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import type { AuthenticatedUser } from '../../platform/http';
import { checkEmailFree, claimEmail } from '../claims/email-claims';
import { checkPrintedNameFree, executeUserStep } from '../claims/printed-name-claims';
import { manageUserDecider } from './rules';

type AddUserInput = z.output<typeof AddUserRequest>;

/** POST /user/add: the address and printed name checked, then claimed, the user recorded, the set-password link mailed. */
export async function addUser(ctx: AppContext, run: CommandRun, input: AddUserInput, actor: AuthenticatedUser): Promise<string> {
  const userId = randomUUID();
  const email = input.email.toLowerCase();
  // Both checked before anything is claimed: a taken address or printed name leaves nothing behind.
  await checkEmailFree(ctx, run, email, userId);
  await checkPrintedNameFree(ctx, run, input, userId);
  await claimEmail(ctx, run, email, userId);
  await executeUserStep(
    ctx,
    run,
    {
      stream: userStreamId(userId),
      decider: manageUserDecider,
      // The Add User form requires the training box (spec §5): the ADMIN adding the user attests it.
      command: { type: 'RegisterUser', userId, ...input, email, isTrainingCompleted: true, trainingRecordedBy: { userId: actor.userId, name: actor.name } },
    },
    userId,
  );
  // The new user has no password: the set-password link goes to their mailbox.
  await issuePasswordLink(ctx, run, userId, 'new-user');
  return userId;
}

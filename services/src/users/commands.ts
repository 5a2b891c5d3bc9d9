import { randomUUID } from 'node:crypto';
import { type AddUserRequest, type ModifyUserRequest, type Signature, type SignatureCredentials, type UserEvent, userStreamId } from '@ifu/contracts';
import { listActiveAdmins, userAccountsProjection } from '@ifu/projections';
import type { z } from 'zod';
import { onCredentials, revokeUserSessions, issuePasswordLink } from '../auth';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { exclusiveSection } from '../platform/exclusive';
import type { AuthenticatedUser } from '../platform/http';
import { signed, type Signer } from '../signatures';
import { usersVocabulary } from './audit';
import { userDecider } from './decider';
import { checkEmailFree, claimEmail } from './email-claims';
import { mailIdentityChange } from './identity-change';
import { checkPrintedNameFree, checkPrintedNameOf, executeUserStep, printedNameKey } from './printed-name-claims';

/**
 * Manage User's commands (spec §2.3, §7.1) as explicit steps of the pipeline; the rules are the user decider's
 * (`user-admin.ts`). Each command answers once the `user-accounts` read model has its events, so the route reads the
 * user back as the list will show them.
 */

const READ_MODELS = [userAccountsProjection.name];

const sections = new WeakMap<AppContext, <T>(work: () => Promise<T>) => Promise<T>>();

/**
 * Changes that may take away an active ADMIN decide one at a time over every instance (with their read model wait),
 * so that two ADMINs deactivating each other at once cannot leave nobody in charge.
 */
function oneAtATime<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  let section = sections.get(ctx);
  if (!section) {
    section = exclusiveSection(ctx.db, 'active-admins');
    sections.set(ctx, section);
  }
  return section(work);
}

const activeAdminCount = async (ctx: AppContext) => (await listActiveAdmins(ctx.db)).length;

type AddUserInput = z.output<typeof AddUserRequest>;
type ModifyUserInput = z.output<typeof ModifyUserRequest>;

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
      decider: userDecider,
      // The Add User form requires the training box (spec §5): the ADMIN adding the user attests it.
      command: { type: 'RegisterUser', userId, ...input, email, isTrainingCompleted: true, trainingRecordedBy: { userId: actor.userId, name: actor.name } },
    },
    userId,
  );
  // The new user has no password: the set-password link goes to their mailbox.
  await issuePasswordLink(ctx, run, userId, 'new-user');
  await run.settle(READ_MODELS);
  return userId;
}

/**
 * PUT /user/modify: decided first (a refused change mails nothing); a new address or printed name must be free now
 * (it is claimed when it takes effect); the identity change's links mailed. Returns the events recorded.
 */
export function modifyUser(
  ctx: AppContext,
  run: CommandRun,
  input: { fields: ModifyUserInput; actor: AuthenticatedUser; seenVersion?: number },
): Promise<readonly UserEvent[]> {
  return oneAtATime(ctx, async () => {
    const { fields } = input;
    const email = fields.email.toLowerCase();
    // A change of training is decided on the actor as their account is now, not as their session read it.
    const { state: actorNow } = await run.load(userStreamId(input.actor.userId), userDecider);
    const actor = {
      userId: input.actor.userId,
      name: `${actorNow.firstName} ${actorNow.lastName}`.trim(),
      role: actorNow.role,
      active: actorNow.exists && actorNow.userActive && !actorNow.isDeleted,
    };
    const step = {
      stream: userStreamId(fields.id),
      decider: userDecider,
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
    const { state: before } = await run.load(step.stream, userDecider);
    if (email !== before.email) await checkEmailFree(ctx, run, email, fields.id);
    // A new printed name must be free now, whether it applies at once or waits for the user.
    if (printedNameKey(fields) !== printedNameKey(before)) await checkPrintedNameFree(ctx, run, fields, fields.id);
    const { events } = await executeUserStep(ctx, run, step, fields.id);
    await mailIdentityChange(ctx, run, fields.id, before, events);
    await run.settle(READ_MODELS);
    return events;
  });
}

/**
 * DELETE /user/delete: signed (meaning 'deactivation') at the version the list showed (If-Match); the printed name is
 * released (another active user may have it now) and the user's open sessions end now.
 */
export function deactivateUser(
  ctx: AppContext,
  run: CommandRun,
  input: { id: string; credentials: SignatureCredentials; actor: AuthenticatedUser; seenVersion?: number },
): Promise<void> {
  return oneAtATime(ctx, async () => {
    const count = await activeAdminCount(ctx);
    const command = (signature: Signature) => ({ type: 'DeactivateUser' as const, actorUserId: input.actor.userId, activeAdminCount: count, signature, now: run.now });
    await signed(ctx, run, {
      stream: userStreamId(input.id),
      decider: userDecider,
      vocabulary: usersVocabulary,
      meaning: 'deactivation',
      signer: input.actor,
      credentials: input.credentials,
      seenVersion: input.seenVersion,
      command,
      // The printed name the user held is released with the deactivation (another active user may take it).
      complete: (signature, _signer, record) =>
        executeUserStep(ctx, run, { stream: record.stream, decider: userDecider, expectedVersion: record.version, command: command(signature) }, input.id),
    });
    await revokeUserSessions(ctx.db, input.id, run.now, 'deactivated');
    await run.settle(READ_MODELS);
  });
}

/**
 * POST /user/reactivate: a deactivated user made active again, signed by an ADMIN (meaning
 * 'reactivation') at the version the list showed (If-Match).
 *
 * 1. The rules first, unsigned, with the actor as their account is in the log now (ADMIN, active): a refused
 *    reactivation asks for no signature and stores nothing.
 * 2. `sign()`: the version reviewed, then the ADMIN's own credentials (failures count toward lockout); the signer's
 *    role from the signature's own reading of their account.
 * 3. The printed name must be free among active users (checked before anything changes).
 * 4. The old password is revoked (`PasswordRevoked`; harmless while the user is still inactive), then the user is
 *    reactivated at the version signed (their printed name claimed again).
 * 5. Links mailed before stop working (`EmailedLinksClosed`, their rows follow the log); a fresh set-password link goes
 *    to the user's address at once.
 *
 * The safer of the two choices: the reactivated user cannot log in with the password they had. It stopped being
 * theirs alone while the account was closed (it may have been handed over, or noted, when they left), and the
 * audit trail must show that every sign-in after the reactivation is by whoever set the new password through the
 * mailbox the account names.
 */
export async function reactivateUser(
  ctx: AppContext,
  run: CommandRun,
  input: { id: string; credentials: SignatureCredentials; actor: AuthenticatedUser; seenVersion?: number },
): Promise<void> {
  const command = (signature: Signature, signer: Signer) => ({
    type: 'ReactivateUser' as const,
    actor: { userId: signer.userId, role: signer.role, active: signer.active },
    signature,
    now: run.now,
  });
  await signed(ctx, run, {
    stream: userStreamId(input.id),
    decider: userDecider,
    vocabulary: usersVocabulary,
    meaning: 'reactivation',
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command,
    complete: async (signature, signer, record) => {
      const step = { stream: record.stream, decider: userDecider, expectedVersion: record.version, command: command(signature, signer) };
      await checkPrintedNameOf(ctx, run, step, input.id);
      await onCredentials(run, input.id, { type: 'RevokePassword', reason: 'reactivated' });
      return executeUserStep(ctx, run, step, input.id);
    },
  });
  await onCredentials(run, input.id, { type: 'CloseLinks', reason: 'reactivated' });
  await issuePasswordLink(ctx, run, input.id, 'reactivated');
  await run.settle(READ_MODELS);
}

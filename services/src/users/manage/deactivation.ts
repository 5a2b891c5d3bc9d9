import { type Signature, type SignatureCredentials, userStreamId } from '@ifu/contracts';
import { issuePasswordLink, onCredentials, revokeUserSessions } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import type { AuthenticatedUser } from '../../platform/http';
import { signed, type Signer } from '../../signatures';
import { usersVocabulary } from '../audit';
import { checkPrintedNameOf, executeUserStep } from '../claims/printed-name-claims';
import { activeAdminCount } from './active-admins';
import { manageUserDecider } from './rules';

/**
 * DELETE /user/delete: signed (meaning 'deactivation') at the version the list showed (If-Match), with the reason the
 * ADMIN gave if any; the printed name is
 * released (another active user may have it now) and the user's open sessions end now. It may take away an active
 * ADMIN: it runs within `runActiveAdminsCommand`.
 */
export async function deactivateUser(
  ctx: AppContext,
  run: CommandRun,
  input: { id: string; credentials: SignatureCredentials; actor: AuthenticatedUser; seenVersion?: number; reason?: string },
): Promise<void> {
  const count = await activeAdminCount(ctx);
  const command = (signature: Signature) => ({
    type: 'DeactivateUser' as const,
    actorUserId: input.actor.userId,
    activeAdminCount: count,
    signature,
    reason: input.reason,
    now: run.now,
  });
  await signed(ctx, run, {
    stream: userStreamId(input.id),
    decider: manageUserDecider,
    vocabulary: usersVocabulary,
    meaning: 'deactivation',
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command,
    // The printed name the user held is released with the deactivation (another active user may take it).
    complete: (signature, _signer, record) =>
      executeUserStep(ctx, run, { stream: record.stream, decider: manageUserDecider, expectedVersion: record.version, command: command(signature) }, input.id),
  });
  await revokeUserSessions(ctx.db, input.id, run.now, 'deactivated');
}

/**
 * POST /user/reactivate: a deactivated user made active again, signed by an ADMIN (meaning
 * 'reactivation') at the version the list showed (If-Match).
 *
 * 1. The rules first, unsigned, with the actor as their account is in the log now (ADMIN, active): a refused
 *    reactivation asks for no signature and stores nothing.
 * 2. `signed`: the version reviewed, then the ADMIN's own credentials (failures count toward lockout); the signer's
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
    decider: manageUserDecider,
    vocabulary: usersVocabulary,
    meaning: 'reactivation',
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command,
    complete: async (signature, signer, record) => {
      const step = { stream: record.stream, decider: manageUserDecider, expectedVersion: record.version, command: command(signature, signer) };
      await checkPrintedNameOf(ctx, run, step, input.id);
      await onCredentials(run, input.id, { type: 'RevokePassword', reason: 'reactivated' });
      return executeUserStep(ctx, run, step, input.id);
    },
  });
  await onCredentials(run, input.id, { type: 'CloseLinks', reason: 'reactivated' });
  await issuePasswordLink(ctx, run, input.id, 'reactivated');
}

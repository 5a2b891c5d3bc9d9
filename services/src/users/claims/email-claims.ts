import { emailClaimStreamId, userStreamId } from '@ifu/contracts';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import { claim, claimStep, holderBlocks, release, type UniqueKind } from '../../platform/unique-claims';

/** `user-email-<lowercased email>`: one user per address, case-insensitive. */
export const userEmail: UniqueKind<'EmailClaimed', 'EmailReleased'> = {
  name: 'user-email',
  streamOf: emailClaimStreamId,
  claimedType: 'EmailClaimed',
  releasedType: 'EmailReleased',
  data: (email, userId) => ({ email: email.toLowerCase(), userId }),
  ownerKey: 'userId',
  takenCode: 'email-taken',
};

/**
 * Whether a current holder blocks the address: their user record exists, or their creation may be under way (a claim
 * left by a creation that failed stops blocking after a while: `holderBlocks` in platform/unique-claims.ts).
 */
const holderExists = (ctx: AppContext, run: CommandRun, email: string) => holderBlocks(ctx.store, userEmail, email, userStreamId, run.now);

/** A step: makes `email` belong to `userId`, or refuses with 409 when another user holds it. */
export const claimEmail = (ctx: AppContext, run: CommandRun, email: string, userId: string) =>
  claim(run, userEmail, email, userId, holderExists(ctx, run, email));

/** Refuses with 409 when another user holds `email`, claiming nothing (a change of address asked for, not yet made). */
export const checkEmailFree = (ctx: AppContext, run: CommandRun, email: string, userId: string) =>
  run.check(claimStep(userEmail, email, userId, holderExists(ctx, run, email)));

/** A step: gives an address up after its user changed to another one. */
export const releaseEmail = (run: CommandRun, email: string, userId: string) => release(run, userEmail, email, userId);

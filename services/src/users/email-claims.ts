import { emailClaimStreamId, userStreamId } from '@ifu/contracts';
import type { EventMetadata } from '@ifu/storage/event-store/event-store';
import type { AppContext } from '../platform/app-context';
import { claimUnique, releaseUnique, type UniqueValue } from '../platform/unique-claims';

export const EMAIL_TAKEN = 'A user with this email already exists';

const userEmail = (ctx: AppContext, email: string): UniqueValue => ({
  streamId: emailClaimStreamId(email),
  claimedType: 'EmailClaimed',
  releasedType: 'EmailReleased',
  data: (userId) => ({ email: email.toLowerCase(), userId }),
  ownerKey: 'userId',
  ownerExists: async (userId) => (await ctx.store.readStream(userStreamId(userId))).length > 0,
  takenMessage: EMAIL_TAKEN,
});

/** Makes `email` (case-insensitive) belong to `userId`, or refuses with 409 when another user holds it. */
export const claimEmail = (ctx: AppContext, email: string, userId: string, metadata: EventMetadata) =>
  claimUnique(ctx, userEmail(ctx, email), userId, metadata);

/** Gives an address up after its user changed to another one. */
export const releaseEmail = (ctx: AppContext, email: string, userId: string, metadata: EventMetadata) =>
  releaseUnique(ctx, userEmail(ctx, email), userId, metadata);

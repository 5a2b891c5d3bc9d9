import { type EmailClaimEvent, emailClaimStreamId, userStreamId } from '@ifu/contracts';
import type { EventMetadata } from '@ifu/platform/event-store/event-store';
import type { AppContext } from '../platform/app-context';
import { handleCommand } from '../platform/command-handling';
import { conflict } from '../platform/http-errors';

export const EMAIL_TAKEN = 'A user with this email already exists';

const owner = (events: readonly EmailClaimEvent[]): string | undefined =>
  events.reduce<string | undefined>((current, event) => (event.type === 'EmailClaimed' ? event.data.userId : undefined), undefined);

/**
 * Makes `email` (case-insensitive) belong to `userId`, or refuses with 409 when another user holds it. The claim
 * stream's optimistic concurrency makes two simultaneous claims of one address end with exactly one owner.
 */
export async function claimEmail(ctx: AppContext, email: string, userId: string, metadata: EventMetadata): Promise<void> {
  // A claim whose user was never registered (a crash between the two appends) does not block the address.
  const holderExists = async (holder: string) => (await ctx.store.readStream(userStreamId(holder))).length > 0;
  const current = owner(
    (await ctx.store.readStream(emailClaimStreamId(email))).map((e) => ({ type: e.type, data: e.data }) as EmailClaimEvent),
  );
  const orphaned = current !== undefined && current !== userId && !(await holderExists(current));
  await handleCommand<EmailClaimEvent, string | undefined, void>(
    ctx.store,
    emailClaimStreamId(email),
    owner,
    (holder) => {
      if (holder === userId) return { events: [], result: undefined };
      if (holder !== undefined && !(orphaned && holder === current)) throw conflict(EMAIL_TAKEN);
      return { events: [{ type: 'EmailClaimed', data: { email: email.toLowerCase(), userId } }], result: undefined };
    },
    metadata,
  );
}

/** Gives an address up after its user changed to another one. */
export async function releaseEmail(ctx: AppContext, email: string, userId: string, metadata: EventMetadata): Promise<void> {
  await handleCommand<EmailClaimEvent, string | undefined, void>(
    ctx.store,
    emailClaimStreamId(email),
    owner,
    (holder) =>
      holder === userId
        ? { events: [{ type: 'EmailReleased', data: { email: email.toLowerCase(), userId } }], result: undefined }
        : { events: [], result: undefined },
    metadata,
  );
}

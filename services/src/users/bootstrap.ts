import { randomBytes, randomUUID } from 'node:crypto';
import { emailClaimStreamId, type UserEvent, userStreamId } from '@ifu/contracts';
import { type EventMetadata, type EventStore, WrongExpectedVersionError } from '@ifu/storage/event-store/event-store';
import type { Database } from '@ifu/storage/database/database';
import { hashPassword, storePasswordHash } from './passwords';

export const BOOTSTRAP_STREAM = 'system-bootstrap';
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface BootstrapResult {
  email: string;
  /** Only when it was generated here: shown once on the console, never stored in clear. */
  generatedPassword?: string;
  lastPosition: number;
}

/**
 * On an empty store, creates the first ADMIN from ADMIN_EMAIL/ADMIN_PASSWORD, or as admin@example.com with a random
 * password. The `system-bootstrap` stream is claimed first with expected version 0, so two processes starting at
 * once cannot both create one.
 */
export async function bootstrapFirstAdmin(
  db: Database,
  store: EventStore,
  options: { email?: string; password?: string; now: Date },
): Promise<BootstrapResult | undefined> {
  if ((await store.lastPosition()) > 0) return undefined;
  const userId = randomUUID();
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(18).toString('base64url');
  const at = options.now.toISOString();
  const metadata: EventMetadata = {
    actor: { type: 'system', name: 'bootstrap' },
    occurredAt: at,
    correlationId: randomUUID(),
    ip: null,
    userAgent: null,
  };
  try {
    await store.append(BOOTSTRAP_STREAM, [{ type: 'SystemBootstrapped', data: { adminUserId: userId, email }, metadata }], 0);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return undefined;
    throw error;
  }
  await store.append(emailClaimStreamId(email), [{ type: 'EmailClaimed', data: { email, userId }, metadata }], 0);
  await storePasswordHash(db, userId, await hashPassword(options.password ?? generatedPassword!), at);
  const events: UserEvent[] = [
    {
      type: 'UserRegistered',
      data: {
        userId,
        email,
        firstName: 'System',
        lastName: 'Administrator',
        role: 'ADMIN',
        isTrainingCompleted: true,
        origin: 'bootstrap',
      },
    },
    { type: 'PasswordSet', data: { userId, setAt: at, via: 'bootstrap' } },
  ];
  const appended = await store.append(userStreamId(userId), events.map((e) => ({ ...e, metadata })), 0);
  return { email, generatedPassword, lastPosition: appended.lastPosition };
}

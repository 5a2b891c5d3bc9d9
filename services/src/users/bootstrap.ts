import { randomBytes, randomUUID } from 'node:crypto';
import { BOOTSTRAP_STREAM, type BootstrapEvent, userStreamId } from '@ifu/contracts';
import type { Database } from '@ifu/storage/database/database';
import { type PasswordHashing, setPassword } from '../auth';
import type { CommandPipeline, Decider } from '../platform/command-pipeline';
import type { Seals } from '../platform/seals';
import { manageUserDecider } from './manage/rules';
import { claim } from '../platform/unique-claims';
import { userEmail } from './claims/email-claims';
import { printedName, printedNameOf } from './claims/printed-name-claims';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface BootstrapResult {
  email: string;
  /** Only when it was generated here: shown once on the console, never stored in clear. */
  generatedPassword?: string;
}

/** `system-bootstrap`: created once, so two processes starting on an empty log cannot both create an administrator. */
export const bootstrapDecider: Decider<{ type: 'Bootstrap'; adminUserId: string; email: string }, BootstrapEvent, { done: boolean }> = {
  name: 'bootstrap',
  initialState: () => ({ done: false }),
  evolve: () => ({ done: true }),
  decide: (command, state) =>
    state.done ? { events: [] } : { events: [{ type: 'SystemBootstrapped', data: { adminUserId: command.adminUserId, email: command.email } }] },
};

/**
 * On an empty store, creates the first ADMIN from ADMIN_EMAIL/ADMIN_PASSWORD, or as admin@example.com with a random
 * password. Returns undefined when the log already has events (or another process bootstrapped first).
 */
export async function bootstrapFirstAdmin(
  ctx: { db: Database; seals: Seals; commands: CommandPipeline } & PasswordHashing,
  lastPosition: number,
  options: { email?: string; password?: string },
): Promise<BootstrapResult | undefined> {
  if (lastPosition > 0) return undefined;
  const adminUserId = randomUUID();
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(18).toString('base64url');
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'bootstrap' }, correlationId: randomUUID(), ip: null, userAgent: null });
  const started = await run.execute({ stream: BOOTSTRAP_STREAM, decider: bootstrapDecider, command: { type: 'Bootstrap', adminUserId, email } });
  if (started.events.length === 0) return undefined;
  await claim(run, userEmail, email, adminUserId, async () => false);
  const names = { firstName: 'System', lastName: 'Administrator' };
  await claim(run, printedName, printedNameOf(names), adminUserId, async () => false);
  await run.execute({
    stream: userStreamId(adminUserId),
    decider: manageUserDecider,
    command: { type: 'RegisterUser', userId: adminUserId, email, ...names, role: 'ADMIN', isTrainingCompleted: true, origin: 'bootstrap' },
  });
  await setPassword(ctx, run, adminUserId, options.password ?? generatedPassword!, { via: 'bootstrap' });
  // A projections worker starting at the same time may take a while to catch up.
  await run.settle(['user-accounts'], 30_000);
  return { email, generatedPassword };
}

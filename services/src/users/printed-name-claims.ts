import { printedNameClaimStreamId, type UserEvent, userStreamId } from '@ifu/contracts';
import { listActiveUserNames } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import type { CommandRun, StepResult } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { holderBlocks as blocks, claim, claimStep, release, type UniqueKind } from '../platform/unique-claims';
import { type UserCommand, userDecider } from './decider';
import type { UserState } from './user';

/**
 * A signature shows its signer's printed name (first and last name), so no two active users may share one
 * (issue 19, finding 10; 21 CFR 11.100). The name is claimed in a `printed-name-<key>` stream whenever a change leaves
 * a user active under a name they did not hold while active (registration, reactivation, a name change taking effect),
 * and released when they stop holding it (deactivation, a name change): the claim stream decides between two changes
 * at once, so exactly one wins.
 */
export const printedName: UniqueKind<'PrintedNameClaimed', 'PrintedNameReleased'> = {
  name: 'printed-name',
  streamOf: printedNameClaimStreamId,
  claimedType: 'PrintedNameClaimed',
  releasedType: 'PrintedNameReleased',
  data: (key, userId) => ({ printedName: key, userId }),
  ownerKey: 'userId',
  takenCode: 'printed-name-taken',
};

/**
 * A printed name as names are compared: NFC, lower case, invisible format characters (zero-width, bidirectional
 * marks) removed, runs of whitespace as one space, trimmed. "Ana  MÜLLER" and "ana müller" (decomposed) are one name.
 */
export function printedNameKey(names: { firstName: string; lastName: string }): string {
  return `${names.firstName} ${names.lastName}`
    .normalize('NFC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();
}

const isActive = (state: UserState) => state.exists && state.userActive && !state.isDeleted;

/**
 * What a change of a user's record means for their printed name: the name to claim before it (the user is active
 * afterwards under a name they did not hold while active) and the name to release after it (they held it while
 * active and no longer do). Pure: `before` and `after` are the record's states.
 */
export function printedNamePlan(before: UserState, after: UserState): { claim?: string; release?: string } {
  const held = isActive(before) ? printedNameKey(before) : undefined;
  const needed = isActive(after) ? printedNameKey(after) : undefined;
  if (held === needed) return {};
  return { ...(needed === undefined ? {} : { claim: needed }), ...(held === undefined ? {} : { release: held }) };
}

/** A holder blocks the name while their record exists, or while their creation may be under way (unique-claims.ts). */
const holderBlocks = (ctx: AppContext, key: string, now: Date) => blocks(ctx.store, printedName, key, userStreamId, now);

/** Accounts from before the claims hold none: an active one is found in the read model. */
async function refuseIfAnotherActiveUserHas(ctx: AppContext, key: string, userId: string): Promise<void> {
  const active = await listActiveUserNames(ctx.db);
  if (active.some((user) => user.id !== userId && printedNameKey(user) === key)) refuse('printed-name-taken');
}

/** Refuses with 409 when another active user has this printed name, claiming nothing (a change asked for, not made). */
export async function checkPrintedNameFree(ctx: AppContext, run: CommandRun, names: { firstName: string; lastName: string }, userId: string): Promise<void> {
  const key = printedNameKey(names);
  await refuseIfAnotherActiveUserHas(ctx, key, userId);
  await run.check(claimStep(printedName, key, userId, holderBlocks(ctx, key, run.now)));
}

interface UserStep {
  stream: string;
  decider: typeof userDecider;
  command: UserCommand;
  expectedVersion?: number;
}

/** The plan of a step, decided on the record as it is (nothing when the step would refuse: it refuses by itself). */
async function planOf(run: CommandRun, step: UserStep) {
  const { state: before } = await run.load(step.stream, userDecider);
  const decision = userDecider.decide(step.command, before);
  return decision.rejection ? {} : printedNamePlan(before, decision.events.reduce(userDecider.evolve, before));
}

/** Refuses with 409 when `step` would make the user active under a printed name another active user has; changes nothing. */
export async function checkPrintedNameOf(ctx: AppContext, run: CommandRun, step: UserStep, userId: string): Promise<void> {
  const plan = await planOf(run, step);
  if (plan.claim !== undefined) {
    await refuseIfAnotherActiveUserHas(ctx, plan.claim, userId);
    await run.check(claimStep(printedName, plan.claim, userId, holderBlocks(ctx, plan.claim, run.now)));
  }
}

/**
 * `run.execute` for a step of the user aggregate, keeping printed names unique among active users: the name the step
 * makes the user hold is claimed first (409 `printed-name-taken` when another active user has it, and nothing is
 * recorded), the name it makes them give up is released after.
 */
export async function executeUserStep(ctx: AppContext, run: CommandRun, step: UserStep, userId: string): Promise<StepResult<UserEvent, UserState>> {
  const plan = await planOf(run, step);
  if (plan.claim !== undefined) {
    await refuseIfAnotherActiveUserHas(ctx, plan.claim, userId);
    await claim(run, printedName, plan.claim, userId, holderBlocks(ctx, plan.claim, run.now));
  }
  let result: StepResult<UserEvent, UserState>;
  try {
    result = await run.execute(step);
  } catch (error) {
    // Refused after the claim (the record changed meanwhile): the claim is given back.
    if (plan.claim !== undefined) await release(run, printedName, plan.claim, userId);
    throw error;
  }
  // Released as it came out: a retried decision may differ from the plan.
  const holds = isActive(result.state) ? printedNameKey(result.state) : undefined;
  for (const key of new Set([plan.release, plan.claim])) {
    if (key !== undefined && key !== holds) await release(run, printedName, key, userId);
  }
  return result;
}

/**
 * Active users who share a printed name in the read model: data from before the rule (issue 19, finding 10). Nothing
 * refuses them at start-up; they are named in a warning, and a change that would give one of them a name another
 * active user has is refused until an administrator renames one.
 */
export async function sharedPrintedNames(ctx: Pick<AppContext, 'db'>): Promise<Array<{ printedName: string; userIds: string[] }>> {
  const byKey = new Map<string, string[]>();
  for (const user of await listActiveUserNames(ctx.db)) {
    const key = printedNameKey(user);
    byKey.set(key, [...(byKey.get(key) ?? []), user.id]);
  }
  return [...byKey].filter(([, ids]) => ids.length > 1).map(([key, userIds]) => ({ printedName: key, userIds }));
}

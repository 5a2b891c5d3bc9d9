import { createHash, randomUUID } from 'node:crypto';
import { INVISIBLE_CHARACTERS, printedNameClaimStreamId, type UserEvent, userStreamId } from '@ifu/contracts';
import { listActiveUserNames } from '@ifu/projections';
import unhomoglyph from 'unhomoglyph';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun, Decider, StepResult } from '../../platform/command-pipeline';
import { Refusal, refuse } from '../../platform/errors';
import { holderBlocks as blocks, claim, claimDecider, claimStep, release, type UniqueKind } from '../../platform/unique-claims';
import { accountFold, type UserState } from '../../auth';

/**
 * A signature shows its signer's printed name (first and last name), so no two active users may share one
 * (21 CFR 11.100), nor two names that print alike ('Alma' and Cyrillic 'Аlma'). The name is
 * claimed in a `printed-name-<key>` stream, the key being the name as compared (`printedNameKey`), whenever a change
 * leaves a user active under a name they did not hold while active (registration, reactivation, a name change taking
 * effect), and released when they stop holding it (deactivation, a name change): the claim stream decides between two
 * changes at once, so exactly one wins. The claim's event keeps the name as written, for the audit trail.
 */
export const printedName: UniqueKind<'PrintedNameClaimed', 'PrintedNameReleased'> = {
  name: 'printed-name',
  streamOf: (name) => printedNameClaimStreamId(streamKey(comparedName(name))),
  claimedType: 'PrintedNameClaimed',
  releasedType: 'PrintedNameReleased',
  data: (name, userId) => ({ printedName: name, userId }),
  ownerKey: 'userId',
  takenCode: 'printed-name-taken',
};

/** The printed name as written and shown: first and last name, NFC, runs of whitespace as one space, trimmed. */
export const printedNameOf = (names: { firstName: string; lastName: string }) =>
  `${names.firstName} ${names.lastName}`.normalize('NFC').replace(/\s+/gu, ' ').trim();

/**
 * Full case folding as far as JavaScript has it: upper then lower case also folds what lower case alone keeps apart
 * ('ß' and 'ss', 'ς' and 'σ').
 */
const caseFold = (text: string) => text.toUpperCase().toLowerCase();

/**
 * The UTS #39 skeleton: NFD, each character replaced by its prototype in Unicode's confusables table (the
 * `unhomoglyph` package's copy of confusables.txt), NFD again. 'Аlma' (Cyrillic А) and 'Alma' have one skeleton, as
 * have 'rn' and 'm', or '0' and 'O'. Only for comparing: a skeleton is no name to show.
 */
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * A name as names are compared: compatibility forms folded (NFKC: full-width 'Ａｌｍａ' is 'Alma'), invisible and
 * format characters removed (zero-width characters, bidirectional marks, Hangul fillers, the braille blank: none of
 * them prints), case folded, then the confusable skeleton, case folded again (a skeleton may hold capitals: '0' is
 * 'O'), and runs of whitespace as one space. Names whose keys are equal look alike on a signature.
 */
export function comparedName(text: string): string {
  let key = caseFold(text.normalize('NFKC').replace(INVISIBLE_CHARACTERS, '').replace(/\p{Cf}/gu, '')).normalize('NFKC');
  // Twice: case folding a skeleton can give a letter that has a prototype of its own.
  for (let round = 0; round < 2; round++) key = caseFold(skeleton(key));
  return key.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** The printed name of a user as compared (`comparedName`). "Ana  MÜLLER" and "ana müller" (decomposed) are one name. */
export function printedNameKey(names: { firstName: string; lastName: string }): string {
  return comparedName(`${names.firstName} ${names.lastName}`);
}

/** The longest key a stream is named with; a longer one (compatibility forms can expand a lot) is named by its hash. */
const STREAM_KEY_MAX_BYTES = 512;
const streamKey = (key: string) =>
  Buffer.byteLength(key) <= STREAM_KEY_MAX_BYTES ? key : `sha256-${createHash('sha256').update(key).digest('hex')}`;

/**
 * The key names were compared by before look-alikes counted (NFC, lower case, format characters removed): claims made
 * then are in streams named after it. Only for re-keying them (`rekeyPrintedNameClaims`).
 */
export function legacyPrintedNameKey(names: { firstName: string; lastName: string }): string {
  return `${names.firstName} ${names.lastName}`.normalize('NFC').replace(/\p{Cf}/gu, '').toLowerCase().normalize('NFC').replace(/\s+/gu, ' ').trim();
}

const isActive = (state: UserState) => state.exists && state.userActive && !state.isDeleted;

/**
 * What a change of a user's record means for their printed name: the name to claim before it (the user is active
 * afterwards under a name they did not hold while active) and the name to release after it (they held it while
 * active and no longer do), each as written. Names are held by their key: a change of case or spacing is no change.
 * Pure: `before` and `after` are the record's states.
 */
export function printedNamePlan(before: UserState, after: UserState): { claim?: string; release?: string } {
  const held = isActive(before) ? before : undefined;
  const needed = isActive(after) ? after : undefined;
  if ((held && printedNameKey(held)) === (needed && printedNameKey(needed))) return {};
  return { ...(needed === undefined ? {} : { claim: printedNameOf(needed) }), ...(held === undefined ? {} : { release: printedNameOf(held) }) };
}

/** A holder blocks the name while their record exists, or while their creation may be under way (unique-claims.ts). */
const holderBlocks = (ctx: AppContext, name: string, now: Date) => blocks(ctx.store, printedName, name, userStreamId, now);

/** Accounts from before the claims (or before their re-keying) hold none: an active one is found in the read model. */
async function refuseIfAnotherActiveUserHas(ctx: AppContext, name: string, userId: string): Promise<void> {
  const key = comparedName(name);
  const active = await listActiveUserNames(ctx.db);
  if (active.some((user) => user.id !== userId && printedNameKey(user) === key)) refuse('printed-name-taken');
}

/** Refuses with 409 when another active user has this printed name, claiming nothing (a change asked for, not made). */
export async function checkPrintedNameFree(ctx: AppContext, run: CommandRun, names: { firstName: string; lastName: string }, userId: string): Promise<void> {
  const name = printedNameOf(names);
  await refuseIfAnotherActiveUserHas(ctx, name, userId);
  await run.check(claimStep(printedName, name, userId, holderBlocks(ctx, name, run.now)));
}

/** A step of the user aggregate, whichever use case's decider decides it. */
interface UserStep<Command> {
  stream: string;
  decider: Decider<Command, UserEvent, UserState>;
  command: Command;
  expectedVersion?: number;
}

/** The plan of a step, decided on the record as it is (nothing when the step would refuse: it refuses by itself). */
async function planOf<Command>(run: CommandRun, step: UserStep<Command>) {
  const { state: before } = await run.load(step.stream, step.decider);
  const decision = step.decider.decide(step.command, before);
  return decision.rejection ? {} : printedNamePlan(before, decision.events.reduce(step.decider.evolve, before));
}

/** Refuses with 409 when `step` would make the user active under a printed name another active user has; changes nothing. */
export async function checkPrintedNameOf<Command>(ctx: AppContext, run: CommandRun, step: UserStep<Command>, userId: string): Promise<void> {
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
export async function executeUserStep<Command>(ctx: AppContext, run: CommandRun, step: UserStep<Command>, userId: string): Promise<StepResult<UserEvent, UserState>> {
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
  for (const name of new Set([plan.release, plan.claim])) {
    if (name !== undefined && comparedName(name) !== holds) await release(run, printedName, name, userId);
  }
  return result;
}

/**
 * Active users who share a printed name in the read model: data from before the rule. Nothing
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

/**
 * Claims made before look-alike names counted are in streams named after the old key (`legacyPrintedNameKey`). Each
 * active user's claim is moved to the current key: the old claim released where its stream differs, then the current
 * one claimed unless another active user holds it (then they share a printed name, named by `sharedPrintedNames`).
 * Run at start-up; records nothing once done. Until it has run nothing is free that should not be: every claim also
 * checks the read model's active users by the current key (`refuseIfAnotherActiveUserHas`).
 */
export async function rekeyPrintedNameClaims(ctx: AppContext): Promise<{ released: number; claimed: number }> {
  const users = await listActiveUserNames(ctx.db);
  const run = ctx.commands.begin({ actor: { type: 'system', name: 'printed-name re-key' }, correlationId: randomUUID(), ip: null, userAgent: null });
  let released = 0;
  let claimed = 0;
  for (const user of users) {
    const legacy = legacyPrintedNameKey(user);
    const stream = printedNameClaimStreamId(legacy);
    if (stream === printedName.streamOf(printedNameOf(user))) continue;
    const step = await run.execute({ stream, decider: claimDecider(printedName), command: { type: 'Release', value: legacy, ownerId: user.id } });
    released += step.events.length;
  }
  for (const user of users) {
    // The record as the log has it now: a user renamed or deactivated since the list was read claims nothing stale.
    const { state } = await run.load(userStreamId(user.id), accountFold);
    if (!isActive(state)) continue;
    const name = printedNameOf(state);
    try {
      const step = await run.execute(claimStep(printedName, name, user.id, holderBlocks(ctx, name, run.now)));
      claimed += step.events.length;
    } catch (error) {
      if (error instanceof Refusal && error.rejection.code === 'printed-name-taken') continue;
      throw error;
    }
  }
  return { released, claimed };
}

import { randomUUID } from 'node:crypto';
import { approverFacts } from '../users';
import {
  CUSTOMER_MESSAGES,
  type CustomerDetails,
  type CustomerFields,
  customerNameClaimStreamId,
  type CustomerEvent,
  customerStreamId,
  type SignatureCredentials,
  type StoredFile,
} from '@ifu/contracts';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../platform/http';
import type { AppContext } from '../platform/app-context';
import type { CommandRun, StepResult } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { claim, holderBlocks, release, type UniqueKind } from '../platform/unique-claims';
import type { StagedFile } from '../platform/file-store';
import type { Uploads } from '../files';
import { signed } from '../signatures';
import { customersVocabulary } from './audit';
import { type CustomerCommand, customerDecider, type CustomerState } from './customer';

/**
 * The customer commands as explicit steps of the pipeline: the decision checked first (a refused customer claims no
 * name and keeps no file), the name claimed, the customer decided and recorded, the old name released, the logo kept.
 */

/** `customer-name-<lowercased name>`: the public URL is built from the name, so names are unique. */
export const customerName: UniqueKind<'CustomerNameClaimed', 'CustomerNameReleased'> = {
  name: 'customer-name',
  streamOf: customerNameClaimStreamId,
  claimedType: 'CustomerNameClaimed',
  releasedType: 'CustomerNameReleased',
  data: (name, customerId) => ({ customerName: name, customerId }),
  ownerKey: 'customerId',
  takenCode: 'customer-name-taken',
};

type Fields = z.output<typeof CustomerFields>;

const detailsOf = (fields: Fields): CustomerDetails => ({
  customerName: fields.customerName,
  contactEmail: fields.contactEmail.toLowerCase(),
  contactInformation: fields.contactInformation,
  countryExclusionList: fields.countryExclusionList,
  customerWebsiteLink: fields.customerWebsiteLink,
  approverId: fields.approverId,
});

const stored = (file: StagedFile): StoredFile => ({ sha256: file.sha256, contentType: file.contentType, size: file.size });

/**
 * Whether the customer holding a name claim still holds it: it exists, or its creation may still be under way (a
 * claim whose customer does not exist yet blocks for a while, so of parallel registrations exactly one wins).
 */
const nameHolderExists = (ctx: AppContext, name: string, now: Date) => holderBlocks(ctx.store, customerName, name, customerStreamId, now);

export async function registerCustomer(
  ctx: AppContext,
  run: CommandRun,
  input: { fields: Fields; logo: StagedFile | undefined; uploads: Uploads; actor: AuthenticatedUser },
): Promise<string> {
  const { logo } = input;
  if (!logo) refuse('invalid-request', { message: `customerLogo: ${CUSTOMER_MESSAGES.logoRequired}` });
  const customerId = randomUUID();
  const details = detailsOf(input.fields);
  const step = {
    stream: customerStreamId(customerId),
    decider: customerDecider,
    command: {
      type: 'RegisterCustomer' as const,
      customerId,
      details,
      logo: stored(logo),
      actorUserId: input.actor.userId,
      approver: await approverFacts(run, details.approverId),
    },
  };
  await run.check(step);
  await claim(run, customerName, details.customerName, customerId, nameHolderExists(ctx, details.customerName, run.now));
  await run.execute(step);
  await input.uploads.commit(logo);
  return customerId;
}

/**
 * The names a customer holds: its own, and the name of a change pending its approver's signature, claimed
 * from the proposal so that nobody takes it meanwhile.
 */
const namesHeld = (state: CustomerState): string[] => {
  const names = [state.customerName];
  const pendingName = state.pending?.details.customerName;
  if (pendingName && pendingName.toLowerCase() !== state.customerName.toLowerCase()) names.push(pendingName);
  return names;
};
const holds = (names: string[], name: string) => names.some((held) => held.toLowerCase() === name.toLowerCase());

/** Gives back the names `before` held that `after` does not (a rename approved, a pending rename dropped). */
async function releaseDropped(run: CommandRun, customerId: string, before: string[], after: string[]) {
  for (const name of before) if (!holds(after, name)) await release(run, customerName, name, customerId);
}

export async function updateCustomer(
  ctx: AppContext,
  run: CommandRun,
  input: { id: string; fields: Fields; logo: StagedFile | undefined; uploads: Uploads; actor: AuthenticatedUser; seenVersion?: number },
): Promise<'updated' | 'pending' | 'withdrawn'> {
  const stream = customerStreamId(input.id);
  const details = detailsOf(input.fields);
  const { state } = await run.load(stream, customerDecider);
  const step = {
    stream,
    decider: customerDecider,
    expectedVersion: input.seenVersion,
    command: {
      type: 'UpdateCustomer' as const,
      details,
      logo: input.logo && stored(input.logo),
      actorUserId: input.actor.userId,
      approver: details.approverId === state.approverId ? undefined : await approverFacts(run, details.approverId),
    },
  };
  await run.check(step);
  const before = namesHeld(state);
  const claiming = !holds(before, details.customerName);
  if (claiming) await claim(run, customerName, details.customerName, input.id, nameHolderExists(ctx, details.customerName, run.now));
  let after: CustomerState;
  let outcome: 'updated' | 'pending' | 'withdrawn' = 'updated';
  try {
    const result = await run.execute(step);
    after = result.state;
    // An approved customer's change waits for the approver, or an edit back to the approved values withdrew it.
    if (result.events.some((event) => event.type === 'CustomerChangeWithdrawn')) outcome = 'withdrawn';
    else if (after.pending) outcome = 'pending';
  } catch (error) {
    // The change did not happen: the new name goes back.
    if (claiming) await release(run, customerName, details.customerName, input.id);
    throw error;
  }
  await releaseDropped(run, input.id, before, namesHeld(after));
  if (input.logo) await input.uploads.commit(input.logo);
  return outcome;
}

export async function decideApproval(
  ctx: AppContext,
  run: CommandRun,
  input: {
    customerId: string;
    approve: boolean;
    approverIdGiven: string;
    credentials: SignatureCredentials;
    reason: string;
    changeDescription: string;
    actor: AuthenticatedUser;
    /** The version the approver reviewed (If-Match): a decision must name it. */
    seenVersion: number | undefined;
  },
): Promise<StepResult<CustomerEvent, CustomerState>> {
  // One signed step: the customer and the approver's account folded once, the rules (the approver policy) decided once
  // before the password is asked for, the decision appended at the version signed (any change since is a 409).
  const result = await signed(ctx, run, {
    stream: customerStreamId(input.customerId),
    decider: customerDecider,
    vocabulary: customersVocabulary,
    meaning: input.approve ? 'approval' : 'rejection',
    signer: input.actor,
    credentials: input.credentials,
    seenVersion: input.seenVersion,
    command: (signature, signer): CustomerCommand => ({
      type: 'DecideApproval',
      approve: input.approve,
      approverIdGiven: input.approverIdGiven,
      signature,
      signerRole: signer.role,
      reason: input.reason,
      changeDescription: input.changeDescription,
      now: run.now,
    }),
  });
  // A pending rename decided: approved, the old name is free (its URL still finds the customer); rejected,
  // the name it would have taken is.
  for (const event of result.events) {
    if (event.type !== 'CustomerChangeApproved' && event.type !== 'CustomerChangeRejected') continue;
    const rename = event.data.changes.find((change) => change.field === 'customerName');
    if (rename && rename.from.toLowerCase() !== rename.to.toLowerCase()) {
      await release(run, customerName, event.type === 'CustomerChangeApproved' ? rename.from : rename.to, input.customerId);
    }
  }
  return result;
}

/** An ADMIN's choice of open access: one step on the customer's stream, at the version the ADMIN saw if sent. */
export async function changeOpenAccess(
  run: CommandRun,
  input: { id: string; openAccess: boolean; actor: AuthenticatedUser; seenVersion?: number },
): Promise<void> {
  await run.execute({
    stream: customerStreamId(input.id),
    decider: customerDecider,
    expectedVersion: input.seenVersion,
    command: { type: 'ChangeOpenAccess', openAccess: input.openAccess, actorUserId: input.actor.userId },
  });
}

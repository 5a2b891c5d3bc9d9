import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { CUSTOMER_MESSAGES, type CustomerDetails, CustomerFields, customerStreamId, type StoredFile, UpdateCustomerFields } from '@ifu/contracts';
import type { z } from 'zod';
import { guards } from '../../auth';
import { acceptUploads, filePolicies, type Uploads } from '../../files';
import type { AppContext } from '../../platform/app-context';
import type { CommandRun } from '../../platform/command-pipeline';
import { refuse } from '../../platform/errors';
import type { StagedFile } from '../../platform/file-store';
import { type AuthenticatedUser, ifMatch, parseBody } from '../../platform/http';
import { claim, holderBlocks, release } from '../../platform/unique-claims';
import { approverFacts, approverRouting } from '../../users';
import type { CustomerState } from '../customer';
import { customerName } from '../customer-names';
import { answerWithCustomer } from '../view';
import { registrationDecider } from './rules';

/**
 * Registering and editing a customer as explicit steps of the pipeline: the decision checked first (a refused customer
 * claims no name and keeps no file), the name claimed, the customer decided and recorded, the old name released, the
 * logo kept.
 */

type Fields = z.output<typeof CustomerFields>;

const detailsOf = (fields: Fields): CustomerDetails => ({
  customerName: fields.customerName,
  contactEmail: fields.contactEmail.toLowerCase(),
  contactInformation: fields.contactInformation,
  countryExclusionList: fields.countryExclusionList,
  customerWebsiteLink: fields.customerWebsiteLink,
  approverId: fields.approverId,
  ...(fields.visitorAccess ? { visitorAccess: fields.visitorAccess } : {}),
});

const stored = (file: StagedFile): StoredFile => ({ sha256: file.sha256, contentType: file.contentType, size: file.size });

/**
 * Whether the customer holding a name claim still holds it: it exists, or its creation may still be under way (a
 * claim whose customer does not exist yet blocks for a while, so of parallel registrations exactly one wins).
 */
const nameHolderExists = (ctx: AppContext, name: string, now: Date) => holderBlocks(ctx.store, customerName, name, customerStreamId, now);

async function registerCustomer(
  ctx: AppContext,
  run: CommandRun,
  input: { fields: Fields; logo: StagedFile | undefined; uploads: Uploads; actor: AuthenticatedUser },
): Promise<string> {
  const { logo } = input;
  if (!logo) refuse('invalid-request', { message: `customerLogo: ${CUSTOMER_MESSAGES.logoRequired}` });
  const customerId = randomUUID();
  const details = detailsOf(input.fields);
  const approver = await approverFacts(run, details.approverId);
  const step = {
    stream: customerStreamId(customerId),
    decider: registrationDecider,
    command: {
      type: 'RegisterCustomer' as const,
      customerId,
      details,
      logo: stored(logo),
      actorUserId: input.actor.userId,
      approver,
      routing: await approverRouting(run, approver),
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

async function updateCustomer(
  ctx: AppContext,
  run: CommandRun,
  input: { id: string; fields: Fields; logo: StagedFile | undefined; uploads: Uploads; actor: AuthenticatedUser; seenVersion?: number },
): Promise<'updated' | 'pending' | 'withdrawn'> {
  const stream = customerStreamId(input.id);
  const details = detailsOf(input.fields);
  const { state } = await run.load(stream, registrationDecider);
  const approver = details.approverId === state.approverId ? undefined : await approverFacts(run, details.approverId);
  const step = {
    stream,
    decider: registrationDecider,
    expectedVersion: input.seenVersion,
    command: {
      type: 'UpdateCustomer' as const,
      details,
      logo: input.logo && stored(input.logo),
      actorUserId: input.actor.userId,
      approver,
      routing: await approverRouting(run, approver),
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

/** Manage Customer's add and edit (spec §2.4, §7.2): ADMIN only, with the logo as a multipart file. */
export function registrationRoutes(ctx: AppContext): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);
  const withLogo = acceptUploads(ctx.files, { customerLogo: { policy: filePolicies(ctx.config).logo('customerLogo'), maxCount: 1 } });

  router.post('/customer/add', ...adminOnly, withLogo, async (req, res) => {
    const fields = parseBody(CustomerFields, req.body ?? {});
    await answerWithCustomer(ctx, req, res, async (run) => {
      const customerId = await registerCustomer(ctx, run, { fields, logo: req.uploads!.single('customerLogo'), uploads: req.uploads!, actor: req.auth! });
      return { message: CUSTOMER_MESSAGES.added, customerId };
    });
  });

  router.put('/customer/update', ...adminOnly, withLogo, async (req, res) => {
    const { id, ...fields } = parseBody(UpdateCustomerFields, req.body ?? {});
    await answerWithCustomer(ctx, req, res, async (run) => {
      const outcome = await updateCustomer(ctx, run, { id, fields, logo: req.uploads!.single('customerLogo'), uploads: req.uploads!, actor: req.auth!, seenVersion: ifMatch(req) });
      const message = { updated: CUSTOMER_MESSAGES.updated, pending: CUSTOMER_MESSAGES.changePending, withdrawn: CUSTOMER_MESSAGES.changeWithdrawn }[outcome];
      return { message, customerId: id };
    });
  });

  return router;
}

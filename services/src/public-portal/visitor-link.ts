import { publicToday } from '../eifu';
import { LINE_CONTROL_CHARACTERS } from '@ifu/contracts';
import {
  findApprovedCustomerByAnyName,
  findPublicDocument,
  findVisitorScope,
  type CustomerRecord,
  type PublicDocumentFile,
  type PublicFamily,
  type PublicScope,
} from '@ifu/projections';
import type { Queryable } from '@ifu/storage/database/database';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { openSearchLink } from './search-link';

/** What an emailed search link opens: the approved customer, the public family it names, and the visitor's address. */
export interface VisitorLink {
  customer: CustomerRecord;
  /** The family as it is public today (its newest approved change order may be a later one than the link's). */
  family: PublicFamily;
  /** The change order id the link names, lower-cased. */
  parentChangeId: string;
  /** The visitor's address, from inside the token. Personal data: never log it, never put it in an event in the clear. */
  email: string;
  expiresAt: Date;
}

/** A customer name a public URL or request gives, if it can be one; 404 for any other (nothing is looked up). */
function customerNameOf(name: unknown): string {
  if (typeof name !== 'string' || name.length > 200 || LINE_CONTROL_CHARACTERS.test(name) || name.trim() === '') refuse('customer-not-found');
  return name.trim();
}

/**
 * The approved customer a public URL or request names (its current name or a former one); 404 for any other. `from`
 * is where it is read: a page's `ctx.reads.for(req)`, the primary by default.
 */
export async function approvedCustomerNamed(ctx: AppContext, name: unknown, from: Queryable = ctx.db): Promise<CustomerRecord> {
  const record = await findApprovedCustomerByAnyName(from, customerNameOf(name));
  if (!record) refuse('customer-not-found');
  return record;
}

/**
 * The approved customer a public URL or request names with the public family `parentChangeId` names for it today
 * (undefined when it has none), in one statement; 404 customer-not-found for any other name.
 */
export async function approvedCustomerWithFamily(ctx: AppContext, name: unknown, parentChangeId: string, now: Date, from: Queryable = ctx.db): Promise<PublicScope> {
  const scope = await findVisitorScope(from, { name: customerNameOf(name) }, parentChangeId, publicToday(now));
  if (!scope) refuse('customer-not-found');
  return scope;
}

/**
 * Checks an emailed search link against what the page asks for, as things are at `now`, and answers what it opens;
 * otherwise throws the refusal (the error handler answers it):
 *
 * - 400 `search-link-invalid`: a malformed or changed token, or one whose scope (customer id, parentChangeId) is not
 *   the approved customer `customerName` names (current or former name) and the `parentChangeId` given;
 * - 410 `search-link-expired`: past its expiry;
 * - 404 `customer-not-found`: no approved customer has that name (any more);
 * - 404 `product-family-not-found`: the family has no public document today (pending, rejected, Offline, ended).
 *
 * For every public call that carries the link with the customer and family: checkSearchLink, searchDocuments, the
 * customer's logo and notice. `now` is the request's time (`ctx.clock()`, or the command run's `run.now`).
 */
export async function verifySearchLink(
  ctx: AppContext,
  request: { customerName: string; parentChangeId: string; token: string },
  now: Date,
  from: Queryable = ctx.db,
): Promise<VisitorLink> {
  const opened = open(ctx, request.token, now);
  // The customer and the family in one statement (bench: public): the scope compared below is the token's own.
  const scope = await approvedCustomerWithFamily(ctx, request.customerName, opened.parentChangeId, now, from);
  if (opened.customerId !== scope.customer.id.toLowerCase() || opened.parentChangeId !== request.parentChangeId.trim().toLowerCase()) refuse('search-link-invalid');
  return withFamily(scope, opened);
}

/**
 * The same checks for a call that carries only the token (POST /module2/getDocumentURL: the document id and the
 * link): the customer and family are the token's own scope, checked as they are at `now`. Refusals as
 * `verifySearchLink` (no 400 for scope: there is nothing to compare it with; the caller checks that what it serves
 * lies within `customer` and `family`).
 */
export async function verifySearchToken(ctx: AppContext, token: string, now: Date): Promise<VisitorLink> {
  const opened = open(ctx, token, now);
  const scope = await findVisitorScope(ctx.db, { id: opened.customerId }, opened.parentChangeId, publicToday(now));
  if (!scope) refuse('customer-not-found');
  return withFamily(scope, opened);
}

/**
 * The document if it is public at `now` to a link's scope (the approved customer, by id, and the family its
 * parentChangeId names today), with whether the customer has open access now; undefined otherwise: for a document
 * link issued earlier, checked again as it is served.
 */
export async function publicDocumentInScope(
  ctx: AppContext,
  scope: { customerId: string; parentChangeId: string },
  childDocumentId: string,
  now: Date,
): Promise<{ document: PublicDocumentFile; customerOpenAccess: boolean } | undefined> {
  const today = publicToday(now);
  const found = await findVisitorScope(ctx.db, { id: scope.customerId }, scope.parentChangeId, today);
  if (!found?.family) return undefined;
  const document = await findPublicDocument(ctx.db, childDocumentId, { customerId: found.customer.id, familyKey: found.family.familyKey }, today);
  return document && { document, customerOpenAccess: found.customer.openAccess };
}

function open(ctx: AppContext, token: string, now: Date) {
  const opened = openSearchLink(ctx.secrets.linkSecret, token, now);
  if (!opened.ok) refuse(opened.reason === 'expired' ? 'search-link-expired' : 'search-link-invalid');
  return opened;
}

function withFamily(scope: PublicScope, opened: { email: string; expiresAt: Date; parentChangeId: string }): VisitorLink {
  // A link without an address (open access) opens only while its customer keeps open access: once an ADMIN
  // closes it, the visitor is offered the emailed link instead.
  if (opened.email === '' && !scope.customer.openAccess) refuse('search-link-invalid');
  if (!scope.family) refuse('product-family-not-found');
  return { customer: scope.customer, family: scope.family, parentChangeId: opened.parentChangeId, email: opened.email, expiresAt: opened.expiresAt };
}

import { type Request, Router, type Response } from 'express';
import {
  CheckApprovalRequest,
  CUSTOMER_MESSAGES,
  CustomerApprovalRequest,
  CustomerFields,
  CustomerListQuery,
  CustomerOpenAccessRequest,
  type CustomerStatus,
  CustomerSummaryListQuery,
  type CustomerSummary,
  type CustomerView,
  customerStreamId,
  type Role,
  UpdateCustomerFields,
} from '@ifu/contracts';
import { type CustomerRecord, customerListProjection, findCustomerById, listCustomerSummaries, listCustomers } from '@ifu/projections';
import { guards } from '../auth';
import { sendStoredFile, acceptUploads, filePolicies } from '../files';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { idParam, ifMatch, originOf, parseBody, setVersion } from '../platform/http';
import { recordViews } from '../signatures';
import { changeOpenAccess, decideApproval, registerCustomer, updateCustomer } from './commands';
import { decisionRefusal } from './customer';
import { searchUrlOf } from './search-url';

/** What a USER sees of a customer: what the document screens need. */
export const toCustomerSummary = (ctx: AppContext, record: CustomerRecord): CustomerSummary => ({
  id: record.id,
  customerName: record.customerName,
  logoUrl: record.logo ? `${ctx.config.PUBLIC_API_URL}/customer/logo/${record.id}` : null,
  status: record.status,
});

/**
 * A customer as an ADMIN sees it; `canDecide` says whether the viewer may approve or reject it now, by the decider's
 * rule (`decisionRefusal`, the approver policy) on the facts the decider folds, which the read model keeps too (its
 * creator and last editor).
 */
export function toCustomerView(ctx: AppContext, record: CustomerRecord, viewer: { userId: string; role: Role }): CustomerView {
  return {
    id: record.id,
    customerName: record.customerName,
    contactEmail: record.contactEmail,
    contactInformation: record.contactInformation,
    countryExclusionList: record.countryExclusionList,
    customerWebsiteLink: record.customerWebsiteLink,
    approverId: record.approverId,
    approver: record.approver,
    logoUrl: record.logo ? `${ctx.config.PUBLIC_API_URL}/customer/logo/${record.id}` : null,
    status: record.status,
    approvedDate: record.approvedDate,
    searchUrl: record.status === 'APPROVED' ? searchUrlOf(ctx.config, record.customerName) : null,
    decision: record.decision,
    createdAt: record.createdAt,
    openAccess: record.openAccess,
    version: record.version,
    canDecide:
      decisionRefusal(
        {
          exists: true,
          approverId: record.approverId,
          status: record.status as CustomerStatus,
          pendingApproverId: record.pendingChange?.details.approverId ?? null,
          createdBy: record.createdBy,
          lastEditedBy: record.lastEditedBy,
        },
        { id: viewer.userId, role: viewer.role },
      ) === undefined,
    pendingChange: pendingChangeView(ctx, record),
    changeRejection: record.changeRejection && {
      changed: record.changeRejection.changes.map((change) => change.field),
      reason: record.changeRejection.reason,
      signature: record.changeRejection.signature,
    },
  };
}

/** The change waiting for the approver, as staff see it beside the approved values. */
function pendingChangeView(ctx: AppContext, record: CustomerRecord): CustomerView['pendingChange'] {
  const pending = record.pendingChange;
  if (!pending) return null;
  return {
    ...pending.details,
    approver: pending.approver,
    logoUrl: pending.logo ? `${ctx.config.PUBLIC_API_URL}/customer/pendingLogo/${record.id}` : null,
    changed: pending.changed,
    proposedAt: pending.proposedAt,
  };
}

const READ_MODELS = [customerListProjection.name];

/** Manage Customer (spec §2.4, §7.2). */
export function customerRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn, adminOnly } = guards(ctx);
  const withLogo = acceptUploads(ctx.files, { customerLogo: { policy: filePolicies(ctx.config).logo('customerLogo'), maxCount: 1 } });

  async function answerWithCustomer(req: Request, res: Response, message: string, customerId: string) {
    const record = await findCustomerById(ctx.db, customerId);
    if (!record) refuse('customer-not-found');
    setVersion(res, record.version);
    res.json({ message, customer: toCustomerView(ctx, record, req.auth!) });
  }

  router.post('/customer/add', ...adminOnly, withLogo, async (req, res) => {
    const fields = parseBody(CustomerFields, req.body ?? {});
    const run = ctx.commands.begin(originOf(req));
    const customerId = await registerCustomer(ctx, run, { fields, logo: req.uploads!.single('customerLogo'), uploads: req.uploads!, actor: req.auth! });
    await run.settle(READ_MODELS);
    await answerWithCustomer(req, res, CUSTOMER_MESSAGES.added, customerId);
  });

  router.put('/customer/update', ...adminOnly, withLogo, async (req, res) => {
    const { id, ...fields } = parseBody(UpdateCustomerFields, req.body ?? {});
    const run = ctx.commands.begin(originOf(req));
    const outcome = await updateCustomer(ctx, run, { id, fields, logo: req.uploads!.single('customerLogo'), uploads: req.uploads!, actor: req.auth!, seenVersion: ifMatch(req) });
    await run.settle(READ_MODELS);
    const message = { updated: CUSTOMER_MESSAGES.updated, pending: CUSTOMER_MESSAGES.changePending, withdrawn: CUSTOMER_MESSAGES.changeWithdrawn }[outcome];
    await answerWithCustomer(req, res, message, id);
  });

  // Open access: ADMIN only, the actor's role and activity as they are now (adminOnly reads them).
  router.put('/customer/openAccess', ...adminOnly, async (req, res) => {
    const { id, openAccess } = parseBody(CustomerOpenAccessRequest, req.body ?? {});
    const run = ctx.commands.begin(originOf(req));
    await changeOpenAccess(run, { id, openAccess, actor: req.auth!, seenVersion: ifMatch(req) });
    await run.settle(READ_MODELS);
    await answerWithCustomer(req, res, openAccess ? CUSTOMER_MESSAGES.openAccessOn : CUSTOMER_MESSAGES.openAccessOff, id);
  });

  // A USER's list is searched and sorted only on what a USER is shown.
  router.get('/customer/list/', loggedIn, async (req, res) => {
    const viewer = req.auth!;
    if (viewer.role === 'ADMIN') {
      const { rows, total } = await listCustomers(await ctx.reads.for(req), parseBody(CustomerListQuery, { ...req.query }));
      // The approve dialog opens from a row (spec §2.4): a decision without If-Match is bound to the version shown.
      await recordViews(ctx, viewer.userId, rows.map((c) => ({ stream: customerStreamId(c.id), version: c.version })), ctx.clock());
      res.json({ customerList: rows.map((c) => toCustomerView(ctx, c, viewer)), total });
      return;
    }
    const { rows, total } = await listCustomerSummaries(await ctx.reads.for(req), parseBody(CustomerSummaryListQuery, { ...req.query }));
    res.json({ customerList: rows.map((c) => toCustomerSummary(ctx, c)), total });
  });

  router.get('/customer/get/:id', loggedIn, async (req, res) => {
    const record = await findCustomerById(ctx.db, idParam(req, 'id', 'customer-not-found'));
    if (!record) refuse('customer-not-found');
    // The version this user now has in front of them: a signed decision without If-Match is bound to it.
    await recordViews(ctx, req.auth!.userId, [{ stream: customerStreamId(record.id), version: record.version }], ctx.clock());
    setVersion(res, record.version);
    res.json(req.auth!.role === 'ADMIN' ? toCustomerView(ctx, record, req.auth!) : toCustomerSummary(ctx, record));
  });

  router.get('/customer/logo/:id', loggedIn, async (req, res) => {
    const record = await findCustomerById(ctx.db, idParam(req, 'id', 'logo-not-found'));
    if (!record?.logo) refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, record.logo, { cacheControl: 'private, max-age=300' });
  });

  // The logo a pending change brings: staff only; the public portal keeps serving the approved one.
  router.get('/customer/pendingLogo/:id', loggedIn, async (req, res) => {
    const record = await findCustomerById(ctx.db, idParam(req, 'id', 'logo-not-found'));
    const logo = record?.pendingChange?.logo;
    if (!logo) refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, logo, { cacheControl: 'private, max-age=300' });
  });

  router.post('/customer/check/request', loggedIn, async (req, res) => {
    const { customerId } = parseBody(CheckApprovalRequest, req.body);
    const record = await findCustomerById(ctx.db, customerId);
    if (!record) refuse('customer-not-found');
    res.json({ approvalResponse: toCustomerView(ctx, record, req.auth!).canDecide });
  });

  router.post('/customer/approve/add', loggedIn, async (req, res) => {
    const input = parseBody(CustomerApprovalRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    const decided = await decideApproval(ctx, run, {
      customerId: input.customerId,
      approve: input.customerApproval,
      approverIdGiven: input.customerApproverId,
      credentials: { username: input.username, password: input.password },
      reason: input.changeJustification.trim(),
      changeDescription: input.changeDescription ?? '',
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    const change = decided.events.some((event) => event.type === 'CustomerChangeApproved' || event.type === 'CustomerChangeRejected');
    const messages = change
      ? { approve: CUSTOMER_MESSAGES.changeApproved, reject: CUSTOMER_MESSAGES.changeRejected }
      : { approve: CUSTOMER_MESSAGES.approved, reject: CUSTOMER_MESSAGES.rejected };
    await answerWithCustomer(req, res, input.customerApproval ? messages.approve : messages.reject, input.customerId);
  });

  return router;
}

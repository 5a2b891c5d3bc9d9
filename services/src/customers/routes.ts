import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import {
  type ApprovedCustomersResponse,
  CheckApprovalRequest,
  CUSTOMER_MESSAGES,
  CustomerApprovalRequest,
  type CustomerDetails,
  type CustomerEvent,
  CustomerFields,
  customerNameClaimStreamId,
  customerStreamId,
  type CustomerView,
  UpdateCustomerFields,
} from '@ifu/contracts';
import { WrongExpectedVersionError } from '@ifu/storage/event-store/event-store';
import { type CustomerRecord, findCustomerById, findUserById, listApprovedCustomers, listCustomers } from '@ifu/projections';
import type { z } from 'zod';
import { FileStore } from '../files/file-store';
import { acceptedImage, singleImageUpload } from '../files/image-upload';
import type { AppContext } from '../platform/app-context';
import { handleCommand } from '../platform/command-handling';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../platform/http-errors';
import { eventMetadata } from '../platform/request-metadata';
import { claimUnique, releaseUnique, type UniqueValue } from '../platform/unique-claims';
import { parseBody } from '../platform/validation';
import { authenticate, requireRole } from '../users/authentication';
import { verifySignature } from '../users/signatures';
import { type CustomerDecision, type CustomerRejection, decideApproval, decideRegister, decideUpdate, foldCustomer } from './customer';

export function searchUrlOf(ctx: AppContext, customerName: string): string {
  return `${ctx.config.PUBLIC_CUSTOMER_URL}/docSearch/${encodeURIComponent(customerName)}`;
}

export function toCustomerView(ctx: AppContext, record: CustomerRecord): CustomerView {
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
    searchUrl: record.status === 'APPROVED' ? searchUrlOf(ctx, record.customerName) : null,
    decision: record.decision,
    createdAt: record.createdAt,
  };
}

function rejection(reason: CustomerRejection): HttpError {
  switch (reason) {
    case 'customer-exists':
      return conflict('A customer with this id already exists');
    case 'customer-not-found':
      return notFound('Customer not found');
    case 'not-the-approver':
      return forbidden('Only the designated approver can approve or reject this customer');
    case 'already-approved':
      return conflict('This customer is already approved');
    default: {
      const unhandled: never = reason;
      return unhandled;
    }
  }
}

const customerName = (ctx: AppContext, name: string): UniqueValue => ({
  streamId: customerNameClaimStreamId(name),
  claimedType: 'CustomerNameClaimed',
  releasedType: 'CustomerNameReleased',
  data: (customerId) => ({ customerName: name, customerId }),
  ownerKey: 'customerId',
  ownerExists: async (customerId) => (await ctx.store.readStream(customerStreamId(customerId))).length > 0,
  takenMessage: CUSTOMER_MESSAGES.nameTaken,
});

type ParsedFields = z.output<typeof CustomerFields>;
const detailsOf = (fields: ParsedFields): CustomerDetails => ({
  customerName: fields.customerName,
  contactEmail: fields.contactEmail.toLowerCase(),
  contactInformation: fields.contactInformation,
  countryExclusionList: fields.countryExclusionList,
  customerWebsiteLink: fields.customerWebsiteLink,
  approverId: fields.approverId,
});

/** Spec §5: the approver is an active, non-deleted ADMIN other than the person filling in the form. */
async function checkApprover(ctx: AppContext, req: Request, approverId: string) {
  const approver = await findUserById(ctx.db, approverId);
  if (!approver || approver.role !== 'ADMIN' || !approver.userActive || approver.isDeleted || approver.id === req.auth!.userId) {
    throw badRequest('approverId: choose an active ADMIN other than yourself');
  }
}

export function customerRoutes(ctx: AppContext): Router {
  const router = Router();
  const files = new FileStore(ctx.config.FILES_DIR);
  const loggedIn = authenticate(ctx);
  const adminOnly = [loggedIn, requireRole('ADMIN')];

  async function decideOnCustomer(req: Request, customerId: string, decide: (state: ReturnType<typeof foldCustomer>) => CustomerDecision) {
    return handleCommand<CustomerEvent, ReturnType<typeof foldCustomer>, ReturnType<typeof foldCustomer>>(
      ctx.store,
      customerStreamId(customerId),
      foldCustomer,
      (state) => {
        const decision = decide(state);
        if (decision.rejection) throw rejection(decision.rejection);
        return { events: decision.events, result: state };
      },
      eventMetadata(req, ctx.clock()),
    );
  }

  async function respondWith(res: Response, message: string, customerId: string) {
    const record = await findCustomerById(ctx.db, customerId);
    res.json({ message, customer: toCustomerView(ctx, record!) });
  }

  router.post('/customer/add', ...adminOnly, singleImageUpload('customerLogo'), async (req, res) => {
    const fields = parseBody(CustomerFields, req.body ?? {});
    const image = acceptedImage(req.file, 'customerLogo');
    if (!image) throw badRequest(`customerLogo: ${CUSTOMER_MESSAGES.logoRequired}`);
    await checkApprover(ctx, req, fields.approverId);
    const customerId = randomUUID();
    const details = detailsOf(fields);
    const metadata = eventMetadata(req, ctx.clock());
    await claimUnique(ctx, customerName(ctx, details.customerName), customerId, metadata);
    // Stored only once every check has passed: a refused upload leaves nothing on disk.
    const logo = await files.put(image.bytes, image.type);
    const { lastPosition } = await decideOnCustomer(req, customerId, (state) => decideRegister(state, { customerId, details, logo }));
    await ctx.readModels.waitFor(lastPosition);
    await respondWith(res, CUSTOMER_MESSAGES.added, customerId);
  });

  router.put('/customer/update', ...adminOnly, singleImageUpload('customerLogo'), async (req, res) => {
    const fields = parseBody(UpdateCustomerFields, req.body ?? {});
    const image = acceptedImage(req.file, 'customerLogo');
    const current = await findCustomerById(ctx.db, fields.id);
    if (!current) throw notFound('Customer not found');
    if (fields.approverId !== current.approverId) await checkApprover(ctx, req, fields.approverId);
    const details = detailsOf(fields);
    const metadata = eventMetadata(req, ctx.clock());
    const renamed = details.customerName.toLowerCase() !== current.customerName.toLowerCase();
    if (renamed) await claimUnique(ctx, customerName(ctx, details.customerName), fields.id, metadata);
    const logo = image ? await files.put(image.bytes, image.type) : undefined;
    const { lastPosition } = await decideOnCustomer(req, fields.id, (state) => decideUpdate(state, { details, logo }));
    if (renamed) await releaseUnique(ctx, customerName(ctx, current.customerName), fields.id, metadata);
    await ctx.readModels.waitFor(lastPosition);
    await respondWith(res, CUSTOMER_MESSAGES.updated, fields.id);
  });

  router.get('/customer/list/', loggedIn, async (_req, res) => {
    res.json({ customerList: (await listCustomers(ctx.db)).map((c) => toCustomerView(ctx, c)) });
  });

  router.get('/customer/get/:id', loggedIn, async (req, res) => {
    const record = await findCustomerById(ctx.db, String(req.params.id));
    if (!record) throw notFound('Customer not found');
    res.json(toCustomerView(ctx, record));
  });

  router.get('/customer/logo/:id', loggedIn, async (req, res) => {
    const record = await findCustomerById(ctx.db, String(req.params.id));
    if (!record?.logo) throw notFound('Logo not found');
    res.setHeader('Content-Type', record.logo.contentType);
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.sendFile(files.pathOf(record.logo.sha256));
  });

  router.post('/customer/check/request', loggedIn, async (req, res) => {
    const { customerId } = parseBody(CheckApprovalRequest, req.body);
    const record = await findCustomerById(ctx.db, customerId);
    if (!record) throw notFound('Customer not found');
    res.json({ approvalResponse: record.approverId === req.auth!.userId && record.status !== 'APPROVED' });
  });

  router.post('/customer/approve/add', loggedIn, async (req, res) => {
    const input = parseBody(CustomerApprovalRequest, req.body);
    const record = await findCustomerById(ctx.db, input.customerId);
    if (!record) throw notFound('Customer not found');
    if (input.customerApproverId !== req.auth!.userId || record.approverId !== req.auth!.userId) throw rejection('not-the-approver');
    if (record.status === 'APPROVED') throw rejection('already-approved');
    const signer = await verifySignature(ctx, req, input);
    let lastPosition: number;
    try {
      ({ lastPosition } = await decideOnCustomer(req, input.customerId, (state) =>
        decideApproval(state, {
          approve: input.customerApproval,
          signer,
          reason: input.changeJustification.trim(),
          changeDescription: input.changeDescription ?? '',
          now: ctx.clock(),
        }),
      ));
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw rejection('already-approved');
      throw error;
    }
    await ctx.readModels.waitFor(lastPosition);
    const message = input.customerApproval ? 'Customer approved' : 'Customer rejected';
    await respondWith(res, message, input.customerId);
  });

  // Public module2 lists: approved customers only, no internal field.
  const publicList = async (): Promise<z.infer<typeof ApprovedCustomersResponse>> => ({
    customerList: (await listApprovedCustomers(ctx.db)).map((c) => ({
      id: c.id,
      customerName: c.customerName,
      logoUrl: c.logo ? `${ctx.config.PUBLIC_API_URL}/module2/customerLogo/${c.id}` : null,
      customerWebsiteLink: c.customerWebsiteLink,
      searchUrl: searchUrlOf(ctx, c.customerName),
    })),
  });
  router.get('/module2/getApprovedCustomers', async (_req, res) => {
    res.json(await publicList());
  });
  router.get('/module2/getApprovedCustomersData', async (_req, res) => {
    res.json(await publicList());
  });
  router.get('/module2/customerLogo/:id', async (req, res) => {
    const record = await findCustomerById(ctx.db, String(req.params.id));
    if (!record?.logo || record.status !== 'APPROVED') throw notFound('Logo not found');
    res.setHeader('Content-Type', record.logo.contentType);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.sendFile(files.pathOf(record.logo.sha256));
  });

  return router;
}

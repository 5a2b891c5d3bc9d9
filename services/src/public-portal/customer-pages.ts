import { Router } from 'express';
import type { ParentLogosResponse, PublicNotice, SingleCustomerLogoResponse } from '@ifu/contracts/public';
import { type CustomerRecord, findChangeOrder, findPublicFamily, noticesForPage, type PageNotice, publicProductFamilies } from '@ifu/projections';
import { sendStoredFile } from '../files';
import type { AppContext } from '../platform/app-context';
import { answeredNotModified, PUBLIC_REVALIDATE, weakEtagOf } from '../platform/conditional';
import { refuse } from '../platform/errors';
import { publicToday } from '../eifu';
import { approvedCustomerNamed, approvedCustomerWithFamily } from './visitor-link';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Notices of one scope on one page as the spec's one text: separate paragraphs, oldest first. */
const joined = (notices: readonly PageNotice[]) => notices.map((notice) => notice.text).join('\n\n');
/** The same notices one by one, each with its date (one box per notice, so that several never read as one). */
const oneByOne = (notices: readonly PageNotice[]): PublicNotice[] => notices.map(({ text, date }) => ({ text, date }));
/** A parentChangeId from a URL, lower case; 404 when it cannot be one. */
export function parentChangeIdParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) refuse('product-family-not-found');
  return value.toLowerCase();
}

/**
 * The customer pages of the public portal (spec §2.1): the customer's logo, notices and product families; the logo
 * and notice of one family. Only approved customers, only families with a public document today.
 */
export function customerPageRoutes(ctx: AppContext): Router {
  const router = Router();
  const customerLogoUrl = (record: CustomerRecord) => (record.logo ? `${ctx.config.PUBLIC_API_URL}/module2/customerLogo/${record.id}` : null);
  const productLogoUrl = (parentChangeId: string) => `${ctx.config.PUBLIC_API_URL}/module2/productLogo/${parentChangeId}`;

  router.get('/module2/getParentLogosForCustomer/:customerName', async (req, res) => {
    const db = await ctx.reads.for(req);
    const customer = await approvedCustomerNamed(ctx, req.params.customerName, db);
    const [families, notices] = await Promise.all([publicProductFamilies(db, customer.id, publicToday(ctx.clock())), noticesForPage(db, customer.id)]);
    res.setHeader('Cache-Control', PUBLIC_REVALIDATE);
    const answer: ParentLogosResponse = {
      customerName: customer.customerName,
      customerLogoUrl: customerLogoUrl(customer),
      globalNotification: joined(notices.global),
      customerNotification: joined(notices.customer),
      globalNotices: oneByOne(notices.global),
      customerNotices: oneByOne(notices.customer),
      products: families.map((family) => ({ parentChangeId: family.parentChangeId, productFamilyName: family.productFamilyName, logoUrl: productLogoUrl(family.parentChangeId) })),
      openAccess: customer.openAccess,
    };
    if (answeredNotModified(req, res, weakEtagOf('customer-page', JSON.stringify(answer)))) return;
    res.json(answer);
  });

  router.get('/module2/singleCustomerLogoURL/:customerName/:parentChangeId', async (req, res) => {
    const parentChangeId = parentChangeIdParam(req.params.parentChangeId);
    const db = await ctx.reads.for(req);
    const { customer, family } = await approvedCustomerWithFamily(ctx, req.params.customerName, parentChangeId, ctx.clock(), db);
    if (!family) refuse('product-family-not-found');
    const notices = await noticesForPage(db, customer.id, family.productFamilyName);
    res.setHeader('Cache-Control', PUBLIC_REVALIDATE);
    const answer: SingleCustomerLogoResponse = {
      logoUrl: customerLogoUrl(customer),
      productNotification: joined(notices.product),
      customerName: customer.customerName,
      productFamilyName: family.productFamilyName,
      productLogoUrl: productLogoUrl(family.parentChangeId),
      globalNotices: oneByOne(notices.global),
      customerNotices: oneByOne(notices.customer),
      productNotices: oneByOne(notices.product),
    };
    if (answeredNotModified(req, res, weakEtagOf('family-page', JSON.stringify(answer)))) return;
    res.json(answer);
  });

  // The logo of a family's change order, for the public pages: only while that family is public.
  router.get('/module2/productLogo/:parentChangeId', async (req, res) => {
    const parentChangeId = parentChangeIdParam(req.params.parentChangeId);
    const db = await ctx.reads.for(req);
    const order = await findChangeOrder(db, parentChangeId);
    if (!order || order.parentChangeId !== parentChangeId) refuse('logo-not-found');
    const family = await findPublicFamily(db, order.customerId, parentChangeId, publicToday(ctx.clock()));
    if (!family) refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, order.logo, { cacheControl: 'public, max-age=300' });
  });

  return router;
}

import { Router } from 'express';
import { CheckSearchLinkBody, OpenSearchLinkBody } from '@ifu/contracts';
import { type CheckSearchLinkResponse, type MessageOnlyResponse, type OpenSearchLinkResponse, PUBLIC_MESSAGES } from '@ifu/contracts/public';
import { perIpLimit } from '../auth';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { parseBody } from '../platform/http';
import { sealSearchLink } from './search-link';
import { searchLinkLimits, validSearchLinkRequest, visitorLanguage } from './search-link-limits';
import { searchLinkMail } from './search-link-mail';
import { approvedCustomerWithFamily, verifySearchLink } from './visitor-link';

/** Open-access search pages asked for per caller address per 15 minutes (nothing is mailed). */
const OPEN_SEARCH_LINK_PER_IP = 30;

const DAY_MS = 24 * 60 * 60_000;

/**
 * The address an open-access search link carries: none. Such a link opens only while its customer keeps open access
 * (`visitor-link.ts`), and its downloads are recorded without a visitor (country and language only).
 */
export const NO_VISITOR_ADDRESS = '';
/** An open-access search page stays open a day (a visitor coming back later opens the customer page again). */
const OPEN_LINK_DAYS = 1;

/** The customer's search page as the emailed link opens it (spec §2.1: the parameters in this order). */
export function searchPageUrl(customerPortalUrl: string, customerName: string, parentChangeId: string, token: string): string {
  const query = new URLSearchParams([
    ['customerName', customerName],
    ['parentChangeId', parentChangeId],
    ['encryptedEmail', token],
  ]);
  return `${customerPortalUrl.replace(/\/+$/, '')}/customerDocSearch?${query.toString()}`;
}

/**
 * The email popup of a customer page (spec §2.1, §7.4): a visitor gives an address and receives a link to the
 * family's search page, the address sealed inside it; and the page's check that the link still opens.
 */
export function searchLinkRoutes(ctx: AppContext): Router {
  const router = Router();

  // Open access: no email asked, nothing mailed; the search page's address answered at once.
  router.post('/module2/openSearchLink', perIpLimit(ctx.rateLimits, 'open-search-link', OPEN_SEARCH_LINK_PER_IP), async (req, res) => {
    const { customerName, parentChangeId } = parseBody(OpenSearchLinkBody, req.body);
    const now = ctx.clock();
    const { customer, family } = await approvedCustomerWithFamily(ctx, customerName, parentChangeId, now, await ctx.reads.for(req));
    if (!family) refuse('product-family-not-found');
    if (!customer.openAccess) refuse('open-access-off');
    const token = sealSearchLink(ctx.secrets.linkSecret, { customerId: customer.id, parentChangeId }, NO_VISITOR_ADDRESS, new Date(now.getTime() + OPEN_LINK_DAYS * DAY_MS));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ searchUrl: searchPageUrl(ctx.config.PUBLIC_CUSTOMER_URL, customer.customerName, parentChangeId, token) } satisfies OpenSearchLinkResponse);
  });

  // Each request mails the address it names: a valid request counts per address, per customer and per caller.
  router.post(
    '/module2/sendSearchURLLink',
    ...searchLinkLimits(ctx.rateLimits),
    async (req, res) => {
      const { customerName, userEmail, parentChangeId, language } = validSearchLinkRequest(res);
      const now = ctx.clock();
      const { customer, family } = await approvedCustomerWithFamily(ctx, customerName, parentChangeId, now);
      if (!family) refuse('product-family-not-found');

      const expiresAt = new Date(now.getTime() + ctx.config.LINK_TTL_DAYS * DAY_MS);
      const token = sealSearchLink(ctx.secrets.linkSecret, { customerId: customer.id, parentChangeId }, userEmail, expiresAt);
      const link = searchPageUrl(ctx.config.PUBLIC_CUSTOMER_URL, customer.customerName, parentChangeId, token);
      // Past the hour's budget of link mails (over every caller and address) the visitor is told
      // to come back later. A digest makes no sense here: the link is the visitor's alone.
      if (!(await ctx.anonymousMail.take('search-link'))) {
        ctx.anonymousMail.notSentOverBudget('search-link', req.log);
        refuse('mail-budget-spent', { language: visitorLanguage(req, language) });
      }
      // No event records the link: it would hold the visitor's address, and nothing changed. The visitor's later
      // download is the record (its event carries the address encrypted, never the IP). Nor does a log line name the
      // address (`visitor: true` keeps it out of the mailer's).
      try {
        await ctx.mailer.send({
          to: userEmail,
          visitor: true,
          // The reader's language as the refusals read it: the portal's, else the browser's, else English.
          ...searchLinkMail(visitorLanguage(req, language), {
            family: family.productFamilyName,
            customer: customer.customerName,
            link,
            days: ctx.config.LINK_TTL_DAYS,
            until: expiresAt.toISOString().slice(0, 16).replace('T', ' '),
          }),
        });
      } catch (err) {
        await ctx.anonymousMail.giveBack('search-link');
        // Only the kind of failure: a mail server's message may quote the address.
        req.log.error({ mailError: (err as { code?: unknown }).code ?? (err as Error).name }, 'search link mail failed');
        refuse('search-link-not-sent');
      }
      const body: MessageOnlyResponse = { message: PUBLIC_MESSAGES.searchLinkSent };
      res.json(body);
    },
  );

  router.post('/module2/checkSearchLink', async (req, res) => {
    const { customerName, parentChangeId, encryptedEmail } = parseBody(CheckSearchLinkBody, req.body);
    const link = await verifySearchLink(ctx, { customerName, parentChangeId, token: encryptedEmail }, ctx.clock(), await ctx.reads.for(req));
    const body: CheckSearchLinkResponse = {
      customerName: link.customer.customerName,
      productFamilyName: link.family.productFamilyName,
      expiresAt: link.expiresAt.toISOString(),
      emailed: link.email !== NO_VISITOR_ADDRESS,
    };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });

  return router;
}

import { Router } from 'express';
import { CustomerListQuery, CustomerSummaryListQuery, customerStreamId } from '@ifu/contracts';
import { customerLogoSql, findCustomerById, listCustomerSummaries, listCustomers, toCustomerLogo } from '@ifu/projections';
import { guards } from '../../auth';
import { sendStoredFile } from '../../files';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { idParam, optionalIdParam, parseBody, setVersion } from '../../platform/http';
import { recordViews } from '../../signatures';
import { toCustomerSummary, toCustomerView } from '../view';

/** The customers as staff read them (spec §2.4, §7.2): the list, one customer, its logos. */
export function listingRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn, loggedInReading } = guards(ctx);

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

  // The logo's row comes in the session's statement (one round trip, as a plain file server makes), and every check of
  // `loggedIn` still runs on it, first. An id that is no UUID reads no row: a 404 once the caller is known.
  router.get('/customer/logo/:id', async (req, res) => {
    const logo = await loggedInReading(req, { name: 'customer_logo', sql: customerLogoSql, param: optionalIdParam(req, 'id') ?? null, read: toCustomerLogo });
    if (!logo) refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, logo, { cacheControl: 'private, max-age=300' });
  });

  // The logo a pending change brings: staff only; the public portal keeps serving the approved one.
  router.get('/customer/pendingLogo/:id', loggedIn, async (req, res) => {
    const record = await findCustomerById(ctx.db, idParam(req, 'id', 'logo-not-found'));
    const logo = record?.pendingChange?.logo;
    if (!logo) refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, logo, { cacheControl: 'private, max-age=300' });
  });

  return router;
}

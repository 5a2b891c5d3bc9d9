import { Router } from 'express';
import type { ApprovedCustomersResponse } from '@ifu/contracts/public';
import { findCustomerById, listApprovedCustomers } from '@ifu/projections';
import { searchUrlOf } from '../customers/search-url';
import { sendStoredFile } from '../files/file-routes';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { idParam } from '../platform/http';

/** Everything under /module2 (spec §7.4): no token, approved customers only, no internal field. */
export function publicPortalRoutes(ctx: AppContext): Router {
  const router = Router();

  const approvedCustomers = async (): Promise<ApprovedCustomersResponse> => ({
    customerList: (await listApprovedCustomers(ctx.db)).map((c) => ({
      id: c.id,
      customerName: c.customerName,
      logoUrl: c.logo ? `${ctx.config.PUBLIC_API_URL}/module2/customerLogo/${c.id}` : null,
      customerWebsiteLink: c.customerWebsiteLink,
      searchUrl: searchUrlOf(ctx.config, c.customerName),
    })),
  });
  router.get('/module2/getApprovedCustomers', async (_req, res) => {
    res.json(await approvedCustomers());
  });
  router.get('/module2/getApprovedCustomersData', async (_req, res) => {
    res.json(await approvedCustomers());
  });

  router.get('/module2/customerLogo/:id', async (req, res) => {
    const record = await findCustomerById(ctx.db, idParam(req, 'id', 'logo-not-found'));
    if (!record?.logo || record.status !== 'APPROVED') refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, record.logo, { cacheControl: 'public, max-age=300' });
  });

  return router;
}

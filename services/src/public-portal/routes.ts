import { type Request, Router } from 'express';
import { LINE_CONTROL_CHARACTERS } from '@ifu/contracts';
import type { ApprovedCustomersResponse, CustomerNameResponse } from '@ifu/contracts/public';
import { findApprovedCustomerByAnyName, findCustomerById, listApprovedCustomers } from '@ifu/projections';
import { searchUrlOf } from '../customers';
import { customerPageRoutes } from './customer-pages';
import { sendStoredFile } from '../files';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import { idParam } from '../platform/http';

/** Everything under /module2 (spec §7.4): no token, approved customers only, no internal field. */
export function publicPortalRoutes(ctx: AppContext): Router {
  const router = Router();

  const approvedCustomers = async (req: Request): Promise<ApprovedCustomersResponse> => ({
    customerList: (await listApprovedCustomers(await ctx.reads.for(req))).map((c) => ({
      id: c.id,
      customerName: c.customerName,
      logoUrl: c.logo ? `${ctx.config.PUBLIC_API_URL}/module2/customerLogo/${c.id}` : null,
      customerWebsiteLink: c.customerWebsiteLink,
      searchUrl: searchUrlOf(ctx.config, c.customerName),
    })),
  });
  router.get('/module2/getApprovedCustomers', async (req, res) => {
    res.json(await approvedCustomers(req));
  });
  router.get('/module2/getApprovedCustomersData', async (req, res) => {
    res.json(await approvedCustomers(req));
  });

  router.get('/module2/customerLogo/:id', async (req, res) => {
    const record = await findCustomerById(await ctx.reads.for(req), idParam(req, 'id', 'logo-not-found'));
    if (!record?.logo || record.status !== 'APPROVED') refuse('logo-not-found');
    await sendStoredFile(res, ctx.files, record.logo, { cacheControl: 'public, max-age=300' });
  });

  // The customer page of a renamed customer keeps working: the portal asks for the current name and moves there.
  router.get('/module2/customerName/:name', async (req, res) => {
    const name = String(req.params.name);
    if (name.length > 200 || LINE_CONTROL_CHARACTERS.test(name)) refuse('customer-not-found');
    const record = await findApprovedCustomerByAnyName(await ctx.reads.for(req), name.trim());
    if (!record) refuse('customer-not-found');
    const body: CustomerNameResponse = { customerName: record.customerName, renamed: record.customerName.toLowerCase() !== name.trim().toLowerCase() };
    res.json(body);
  });

  router.use(customerPageRoutes(ctx));
  return router;
}

import { Router } from 'express';
import type { AppContext } from '../platform/app-context';
import { authenticate, requireRole } from '../users/authentication';

/** ADMIN endpoint that re-walks the hash chain of the whole log (architecture §3, tamper evidence). */
export function auditRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/audit/verify', authenticate(ctx), requireRole('ADMIN'), async (_req, res) => {
    res.json(await ctx.store.verifyChain());
  });
  return router;
}

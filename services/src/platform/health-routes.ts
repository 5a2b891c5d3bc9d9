import { Router } from 'express';
import type { HealthResponse } from '@ifu/contracts';
import type { AppContext } from './app-context';
import { refuse } from './errors';

/** Liveness and readiness for the orchestrator. */
export function healthRoutes(ctx: AppContext, isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' } satisfies HealthResponse);
  });
  router.get('/ready', async (req, res) => {
    if (isShuttingDown()) refuse('shutting-down');
    try {
      await ctx.db.query('SELECT 1');
      await ctx.store.lastPosition();
    } catch (err) {
      req.log.error({ err }, 'not ready: the database or the event store did not answer');
      refuse('not-ready');
    }
    res.json({ status: 'ready' } satisfies HealthResponse);
  });
  return router;
}

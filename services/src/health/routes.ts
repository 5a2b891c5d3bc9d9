import { Router } from 'express';
import type { AppContext } from '../platform/app-context';

/** Liveness and readiness for the orchestrator. */
export function healthRoutes(ctx: AppContext, isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/ready', async (req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ message: 'shutting down' });
      return;
    }
    try {
      await ctx.db.query('SELECT 1');
      await ctx.store.lastPosition();
      res.json({ status: 'ready' });
    } catch (err) {
      req.log.error({ err }, 'not ready: the database or the event store did not answer');
      res.status(503).json({ message: 'database or event store unreachable' });
    }
  });
  return router;
}

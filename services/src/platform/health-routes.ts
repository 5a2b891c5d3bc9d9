import { Router } from 'express';
import type { HealthResponse } from '@ifu/contracts';
import type { AppContext } from './app-context';
import { brokenLog, Refusal, refuse } from './errors';

/** Liveness and readiness for the orchestrator. */
export function healthRoutes(ctx: AppContext, isShuttingDown: () => boolean): Router {
  const router = Router();
  // Not healthy while the event log does not verify: a link written without the audit key stops the read models and
  // the writes until an operator acts (docs/security.md), and whatever watches /health must see it.
  router.get('/health', async (_req, res) => {
    const chainBreak = await ctx.store.checkChain();
    if (chainBreak) throw new Refusal(brokenLog(chainBreak));
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

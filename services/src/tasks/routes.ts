import { Router } from 'express';
import { type MyTasksCountResponse, type MyTasksResponse, TASKS_LISTED_MAX } from '@ifu/contracts';
import { countMyTasks, findMyTasks, ReadModelTimeoutError, type TaskViewer } from '@ifu/projections';
import { guards } from '../auth';
import type { AppContext } from '../platform/app-context';
import type { AuthenticatedUser } from '../platform/http';
import { presentTask, taskClock } from './view';

/** The read model the answers come from. */
export const TASKS_READ_MODEL = 'tasks';
/** The side menu's count waits this long for the read model at most, then answers what it has. */
const COUNT_WAIT_MS = 1_000;

/** The viewer as their account is now (the authentication folds it from the log for every request). */
const viewerOf = (auth: AuthenticatedUser): TaskViewer => ({ userId: auth.userId, isAdmin: auth.role === 'ADMIN' });

/**
 * My tasks: the signed-in staff member's open tasks, and how many. Deactivated accounts never get here (the
 * authentication refuses them); an approver's tasks and the ADMINs' show only while the viewer is an ADMIN now.
 * Both answers wait until the read model has applied everything already in the log (what someone else just did
 * included: a task comes from another person's command, which waited only for its own read models).
 */
export function taskRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  router.get('/tasks/mine', loggedIn, async (req, res) => {
    await ctx.commands.caughtUp([TASKS_READ_MODEL]);
    const viewer = viewerOf(req.auth!);
    const clock = taskClock(ctx.clock(), ctx.config.AUDIT_REVIEW_CADENCE_DAYS);
    const { tasks, count } = await findMyTasks(ctx.db, viewer, clock, TASKS_LISTED_MAX);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ tasks: tasks.map((task) => presentTask(task, viewer, clock)), count } satisfies MyTasksResponse);
  });

  // Asked often (the side menu): a late read model answers the count it has rather than an error.
  router.get('/tasks/mine/count', loggedIn, async (req, res) => {
    await ctx.commands.caughtUp([TASKS_READ_MODEL], COUNT_WAIT_MS).catch((error: unknown) => {
      if (!(error instanceof ReadModelTimeoutError)) throw error;
    });
    const count = await countMyTasks(ctx.db, viewerOf(req.auth!), taskClock(ctx.clock(), ctx.config.AUDIT_REVIEW_CADENCE_DAYS));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ count } satisfies MyTasksCountResponse);
  });

  return router;
}

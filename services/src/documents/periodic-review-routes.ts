import { type Request, type Response, Router } from 'express';
import { CompletePeriodicReviewRequest, PERIODIC_REVIEW_MESSAGES, SetReviewDateRequest } from '@ifu/contracts';
import { findChangeOrder } from '@ifu/projections';
import { guards } from '../auth/authentication';
import type { AppContext } from '../platform/app-context';
import type { CommandRun } from '../platform/command-pipeline';
import { refuse } from '../platform/errors';
import { ifMatch, originOf, parseBody, setVersion } from '../platform/http';
import { completePeriodicReview, setReviewDate } from './periodic-review';
import { changeOrderViewFor, READ_MODELS } from './routes';

/**
 * Periodic review of approved change orders (issue 23): moving the review date, and the signed review. Who may is the
 * decider's to say (`change-order.ts`: `reviewDateRefusal`, `periodicReviewRefusal`); the routes only parse and answer.
 */
export function periodicReviewRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  async function answerWithChangeOrder(req: Request, res: Response, run: CommandRun, message: string, parentChangeId: string) {
    const record = await findChangeOrder(ctx.db, parentChangeId);
    if (!record) refuse('document-not-found');
    setVersion(res, record.version);
    res.json({ message, document: await changeOrderViewFor(ctx, run, record, req.auth!) });
  }

  router.post('/document/periodicReview/date', loggedIn, async (req, res) => {
    const input = parseBody(SetReviewDateRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    await setReviewDate(run, { ...input, actor: req.auth!, seenVersion: ifMatch(req) });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, PERIODIC_REVIEW_MESSAGES.reviewDateChanged, input.parentChangeId);
  });

  router.post('/document/periodicReview/complete', loggedIn, async (req, res) => {
    const input = parseBody(CompletePeriodicReviewRequest, req.body);
    const run = ctx.commands.begin(originOf(req));
    await completePeriodicReview(ctx, run, {
      parentChangeId: input.parentChangeId,
      outcome: input.outcome,
      ...(input.nextReviewDate === undefined ? {} : { nextReviewDate: input.nextReviewDate }),
      comments: input.comments,
      credentials: { username: input.username, password: input.password },
      actor: req.auth!,
      seenVersion: ifMatch(req),
    });
    await run.settle(READ_MODELS);
    await answerWithChangeOrder(req, res, run, PERIODIC_REVIEW_MESSAGES.reviewCompleted, input.parentChangeId);
  });

  return router;
}

import { Router } from 'express';
import { CompletePeriodicReviewRequest, PERIODIC_REVIEW_MESSAGES, SetReviewDateRequest } from '@ifu/contracts';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { ifMatch, parseBody } from '../../platform/http';
import { answerChangeOrderCommand } from '../view';
import { completePeriodicReview, setReviewDate } from './review';

/**
 * Periodic review of approved change orders (EU GMP Annex 11 §11): moving the review date, and the signed review. Who
 * may is the rules' to say (`reviewDateRefusal`, `periodicReviewRefusal`); the routes only parse and answer.
 */
export function periodicReviewRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  router.post('/document/periodicReview/date', loggedIn, async (req, res) => {
    const input = parseBody(SetReviewDateRequest, req.body);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await setReviewDate(run, { ...input, actor: req.auth!, seenVersion: ifMatch(req) });
      return { message: PERIODIC_REVIEW_MESSAGES.reviewDateChanged, parentChangeId: input.parentChangeId };
    });
  });

  router.post('/document/periodicReview/complete', loggedIn, async (req, res) => {
    const input = parseBody(CompletePeriodicReviewRequest, req.body);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await completePeriodicReview(ctx, run, {
        parentChangeId: input.parentChangeId,
        outcome: input.outcome,
        ...(input.nextReviewDate === undefined ? {} : { nextReviewDate: input.nextReviewDate }),
        comments: input.comments,
        credentials: { username: input.username, password: input.password },
        actor: req.auth!,
        seenVersion: ifMatch(req),
      });
      return { message: PERIODIC_REVIEW_MESSAGES.reviewCompleted, parentChangeId: input.parentChangeId };
    });
  });

  return router;
}

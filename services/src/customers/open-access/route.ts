import { Router } from 'express';
import { CUSTOMER_MESSAGES, CustomerOpenAccessRequest, customerStreamId } from '@ifu/contracts';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { ifMatch, parseBody } from '../../platform/http';
import { answerWithCustomer } from '../view';
import { openAccessDecider } from './rules';

/**
 * `PUT /customer/openAccess`: an ADMIN's choice of open access, the actor's role and activity as they are now
 * (adminOnly reads them); one step on the customer's stream, at the version the ADMIN saw if sent.
 */
export function openAccessRoutes(ctx: AppContext): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  router.put('/customer/openAccess', ...adminOnly, async (req, res) => {
    const { id, openAccess } = parseBody(CustomerOpenAccessRequest, req.body ?? {});
    await answerWithCustomer(ctx, req, res, async (run) => {
      await run.execute({
        stream: customerStreamId(id),
        decider: openAccessDecider,
        expectedVersion: ifMatch(req),
        command: { type: 'ChangeOpenAccess', openAccess, actorUserId: req.auth!.userId },
      });
      return { message: openAccess ? CUSTOMER_MESSAGES.openAccessOn : CUSTOMER_MESSAGES.openAccessOff, customerId: id };
    });
  });

  return router;
}

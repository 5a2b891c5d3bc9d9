import { Router } from 'express';
import { type ApproverListResponse, customerStreamId, REASSIGN_MESSAGES, ReassignCustomerApproverRequest } from '@ifu/contracts';
import { findCustomerById } from '@ifu/projections';
import { guards, reassignmentRefusal } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { idParam, ifMatch, parseBody } from '../../platform/http';
import { signed } from '../../signatures';
import { approverChoices, approverFacts, approverRouting } from '../../users';
import { customersVocabulary } from '../audit';
import { awaitsDecision } from '../permissions';
import { answerWithCustomer } from '../view';
import { customerReassignmentDecider } from './rules';

/**
 * An ADMIN's reassignment of a customer awaiting a decision (awaiting approval, or a change pending to an approved
 * one): `GET /customer/reassignApprover/:id` lists whom it may go to (the approver policy, on the read models),
 * `POST /customer/reassignApprover` signs it (meaning `reassignment`) through the one signed step.
 */
export function reassignmentRoutes(ctx: AppContext): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  router.get('/customer/reassignApprover/:id', ...adminOnly, async (req, res) => {
    const db = await ctx.reads.for(req);
    const record = await findCustomerById(db, idParam(req, 'id', 'customer-not-found'));
    if (!record) refuse('customer-not-found');
    if (!awaitsDecision({ status: record.status, pendingApproverId: record.pendingChange?.details.approverId ?? null })) refuse('reassign-not-waiting');
    const waiting = { createdBy: record.createdBy, lastEditedBy: record.lastEditedBy, approverId: record.pendingChange?.details.approverId ?? record.approverId };
    const actor = req.auth!.userId;
    const body: ApproverListResponse = {
      approverList: await approverChoices(db, ctx.clock().toISOString().slice(0, 10), (admin) => {
        const facts = { id: admin.id, role: admin.role, active: admin.userActive && !admin.isDeleted, trained: admin.isTrainingCompleted };
        return reassignmentRefusal(waiting, admin.id, facts, actor) === undefined;
      }),
    };
    res.json(body);
  });

  router.post('/customer/reassignApprover', ...adminOnly, async (req, res) => {
    const input = parseBody(ReassignCustomerApproverRequest, req.body);
    const actor = req.auth!;
    await answerWithCustomer(ctx, req, res, async (run) => {
      const to = await approverFacts(run, input.approverId);
      const routing = await approverRouting(run, to);
      await signed(ctx, run, {
        stream: customerStreamId(input.customerId),
        decider: customerReassignmentDecider,
        vocabulary: customersVocabulary,
        meaning: 'reassignment',
        signer: actor,
        credentials: { username: input.username, password: input.password },
        seenVersion: ifMatch(req),
        command: (signature, signer) => ({
          type: 'ReassignCustomerApprover' as const,
          approverId: input.approverId,
          to,
          routing,
          reason: input.reason,
          signature,
          signerRole: signer.role,
        }),
      });
      return { message: REASSIGN_MESSAGES.reassigned, customerId: input.customerId };
    });
  });

  return router;
}

import { Router } from 'express';
import { type ApproverListResponse, documentStreamId, REASSIGN_MESSAGES, ReassignChangeOrderApproverRequest } from '@ifu/contracts';
import { findChangeOrder } from '@ifu/projections';
import { guards, reassignmentRefusal } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { idParam, ifMatch, parseBody } from '../../platform/http';
import { signed } from '../../signatures';
import { approverChoices, approverFacts, approverRouting } from '../../users';
import { documentsVocabulary } from '../audit';
import { authoringRefusal } from '../change-order';
import { answerChangeOrderCommand } from '../view';
import { reassignmentDecider } from './rules';

/**
 * An ADMIN's reassignment of a change order awaiting its decision: `GET /document/reassignApprover/:id` lists whom it
 * may go to (the approver policy, on the read models), `POST /document/reassignApprover` signs it (meaning
 * `reassignment`) through the one signed step: decided once before the password is asked for, bound to the version
 * the ADMIN reviewed (If-Match, or the one they last opened), appended at that version.
 */
export function reassignmentRoutes(ctx: AppContext): Router {
  const router = Router();
  const { adminOnly } = guards(ctx);

  router.get('/document/reassignApprover/:id', ...adminOnly, async (req, res) => {
    const db = await ctx.reads.for(req);
    const record = await findChangeOrder(db, idParam(req, 'id', 'document-not-found'));
    if (!record?.active) refuse('document-not-found');
    if (authoringRefusal({ exists: true, active: record.active, status: record.status })) refuse('reassign-not-waiting');
    const actor = req.auth!.userId;
    const body: ApproverListResponse = {
      approverList: await approverChoices(db, ctx.clock().toISOString().slice(0, 10), (admin) => {
        const facts = { id: admin.id, role: admin.role, active: admin.userActive && !admin.isDeleted, trained: admin.isTrainingCompleted };
        return reassignmentRefusal(record, admin.id, facts, actor) === undefined;
      }),
    };
    res.json(body);
  });

  router.post('/document/reassignApprover', ...adminOnly, async (req, res) => {
    const input = parseBody(ReassignChangeOrderApproverRequest, req.body);
    const actor = req.auth!;
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      const to = await approverFacts(run, input.approverId);
      const routing = await approverRouting(run, to);
      await signed(ctx, run, {
        stream: documentStreamId(input.parentChangeId),
        decider: reassignmentDecider,
        vocabulary: documentsVocabulary,
        meaning: 'reassignment',
        signer: actor,
        credentials: { username: input.username, password: input.password },
        seenVersion: ifMatch(req),
        command: (signature, signer) => ({
          type: 'ReassignApprover' as const,
          approverId: input.approverId,
          to,
          routing,
          reason: input.reason,
          signature,
          signerRole: signer.role,
        }),
      });
      return { message: REASSIGN_MESSAGES.reassigned, parentChangeId: input.parentChangeId };
    });
  });

  return router;
}

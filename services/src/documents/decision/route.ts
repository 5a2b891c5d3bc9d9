import { Router } from 'express';
import { ApproveDocumentsRequest, DOCUMENT_MESSAGES, documentStreamId } from '@ifu/contracts';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { ifMatch, parseBody } from '../../platform/http';
import { signed } from '../../signatures';
import { documentsVocabulary } from '../audit';
import { openedFiles } from '../downloads/document-files';
import { answerChangeOrderCommand } from '../view';
import { decisionDecider } from './rules';

/**
 * `POST /document/approveDocuments`: the assigned approver's signed decision (meaning `approval` or `rejection`, spec
 * §4, §7.3). One signed step (`signed`): the change order, the approver's downloads and account are folded once each,
 * the rules (the approver policy, the files opened) decided once, before the password is asked for; the credentials
 * checked (failures count toward lockout) at the version reviewed; the decision appended at that version, so that of
 * two decisions at once exactly one is recorded and the other is a 409. Whether the change order exists, is active and
 * names the caller as its approver is the decider's to say.
 */
export function decisionRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  router.post('/document/approveDocuments', loggedIn, async (req, res) => {
    const input = parseBody(ApproveDocumentsRequest, req.body);
    const actor = req.auth!;
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      const opened = await openedFiles(run, input.parentChangeId, actor.userId);
      await signed(ctx, run, {
        stream: documentStreamId(input.parentChangeId),
        decider: decisionDecider,
        vocabulary: documentsVocabulary,
        meaning: input.documentApproval ? 'approval' : 'rejection',
        signer: actor,
        credentials: { username: input.username, password: input.password },
        seenVersion: ifMatch(req),
        command: (signature, signer) => ({
          type: 'DecideChangeOrder' as const,
          approve: input.documentApproval,
          // The spec's client sends the approver's id: it must name the signer.
          ...(input.approverId === undefined ? {} : { approverIdGiven: input.approverId }),
          reason: input.reason,
          signature,
          signerRole: signer.role,
          opened,
          now: run.now,
          ...(input.reviewDate === undefined ? {} : { reviewDate: input.reviewDate }),
        }),
      });
      return { message: input.documentApproval ? DOCUMENT_MESSAGES.approved : DOCUMENT_MESSAGES.rejected, parentChangeId: input.parentChangeId, opened };
    });
  });

  return router;
}

import { Router } from 'express';
import { CheckApprovalRequest, CUSTOMER_MESSAGES, CustomerApprovalRequest, customerStreamId } from '@ifu/contracts';
import { findCustomerById } from '@ifu/projections';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { refuse } from '../../platform/errors';
import { ifMatch, parseBody } from '../../platform/http';
import { release } from '../../platform/unique-claims';
import { signed } from '../../signatures';
import { customersVocabulary } from '../audit';
import { customerName } from '../customer-names';
import { answerWithCustomer, toCustomerView } from '../view';
import { approvalDecider } from './rules';

/**
 * The approver's signed decision on a customer or on the change pending to an approved one (spec §2.4, §7.2), and the
 * approve dialog's question whether the caller may decide it now.
 */
export function approvalRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn } = guards(ctx);

  router.post('/customer/check/request', loggedIn, async (req, res) => {
    const { customerId } = parseBody(CheckApprovalRequest, req.body);
    const record = await findCustomerById(ctx.db, customerId);
    if (!record) refuse('customer-not-found');
    res.json({ approvalResponse: toCustomerView(ctx, record, req.auth!).canDecide });
  });

  router.post('/customer/approve/add', loggedIn, async (req, res) => {
    const input = parseBody(CustomerApprovalRequest, req.body);
    const actor = req.auth!;
    await answerWithCustomer(ctx, req, res, async (run) => {
      // One signed step: the customer and the approver's account folded once, the rules (the approver policy) decided
      // once before the password is asked for, the decision appended at the version signed (any change since is a 409).
      const decided = await signed(ctx, run, {
        stream: customerStreamId(input.customerId),
        decider: approvalDecider,
        vocabulary: customersVocabulary,
        meaning: input.customerApproval ? 'approval' : 'rejection',
        signer: actor,
        credentials: { username: input.username, password: input.password },
        seenVersion: ifMatch(req),
        command: (signature, signer) => ({
          type: 'DecideApproval' as const,
          approve: input.customerApproval,
          approverIdGiven: input.customerApproverId,
          signature,
          signerRole: signer.role,
          reason: input.changeJustification.trim(),
          changeDescription: input.changeDescription ?? '',
          now: run.now,
        }),
      });
      // A pending rename decided: approved, the old name is free (its URL still finds the customer); rejected,
      // the name it would have taken is.
      for (const event of decided.events) {
        if (event.type !== 'CustomerChangeApproved' && event.type !== 'CustomerChangeRejected') continue;
        const rename = event.data.changes.find((change) => change.field === 'customerName');
        if (rename && rename.from.toLowerCase() !== rename.to.toLowerCase()) {
          await release(run, customerName, event.type === 'CustomerChangeApproved' ? rename.from : rename.to, input.customerId);
        }
      }
      const change = decided.events.some((event) => event.type === 'CustomerChangeApproved' || event.type === 'CustomerChangeRejected');
      const messages = change
        ? { approve: CUSTOMER_MESSAGES.changeApproved, reject: CUSTOMER_MESSAGES.changeRejected }
        : { approve: CUSTOMER_MESSAGES.approved, reject: CUSTOMER_MESSAGES.rejected };
      return { message: input.customerApproval ? messages.approve : messages.reject, customerId: input.customerId };
    });
  });

  return router;
}

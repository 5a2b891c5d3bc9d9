import { Router } from 'express';
import { DecideAccessibilityRequest, DOCUMENT_MESSAGES, documentStreamId, UpdateIsInternalRequest } from '@ifu/contracts';
import { findUserById } from '@ifu/projections';
import { guards } from '../../auth';
import type { AppContext } from '../../platform/app-context';
import { ifMatch, parseBody, type AuthenticatedUser } from '../../platform/http';
import { signed } from '../../signatures';
import { documentsVocabulary, REASON_NOT_GIVEN } from '../audit';
import { answerChangeOrderCommand } from '../view';
import { accessibilityDecider } from './rules';

/** Online/Offline of a decided change order: an ADMIN's switch at once, and the approver's decision on one left pending. */
export function accessibilityRoutes(ctx: AppContext): Router {
  const router = Router();
  const { loggedIn, adminOnly } = guards(ctx);

  // An ADMIN (as they are now) switches a decided change order Online or Offline at once (spec §4), recorded with who,
  // when and the reason if one was given. A concurrent change of the change order is folded and decided again, never a
  // 409: taking a document Offline waits for no one. The approver is told by mail after the answer (a mail server never
  // delays the switch).
  router.post('/document/update/IsInternal', ...adminOnly, async (req, res) => {
    const input = parseBody(UpdateIsInternalRequest, req.body);
    const actor = req.auth!;
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      const { events, state } = await run.execute({
        stream: documentStreamId(input.parentDocumentChangeId),
        decider: accessibilityDecider,
        // The role as the authentication read it from the log for this request.
        command: { type: 'ChangeAccessibility', isInternal: input.isInternal, reason: input.reason || undefined, actorUserId: actor.userId, actorRole: actor.role },
      });
      const changed = events.find((event) => event.type === 'ChangeOrderAccessibilityChanged');
      if (changed?.type === 'ChangeOrderAccessibilityChanged' && state.details) {
        const switched = { ...changed.data, productFamilyName: state.details.productFamilyName, approverId: state.details.approverId, at: run.now };
        ctx.work.defer('accessibility mail to the approver', () => tellApproverOfAccessibility(ctx, actor, switched));
      }
      return { message: DOCUMENT_MESSAGES.updated, parentChangeId: input.parentDocumentChangeId };
    });
  });

  // The approver signs (meaning `approval`) or rejects (`rejection`) an Online/Offline change left pending when such
  // switches waited for a signature; whether the caller may is the decider's.
  router.post('/document/accessibility/decide', loggedIn, async (req, res) => {
    const input = parseBody(DecideAccessibilityRequest, req.body);
    await answerChangeOrderCommand(ctx, req, res, async (run) => {
      await signed(ctx, run, {
        stream: documentStreamId(input.parentChangeId),
        decider: accessibilityDecider,
        vocabulary: documentsVocabulary,
        meaning: input.approve ? 'approval' : 'rejection',
        signer: req.auth!,
        credentials: { username: input.username, password: input.password },
        seenVersion: ifMatch(req),
        command: (signature, signer) => ({ type: 'DecideAccessibility' as const, approve: input.approve, reason: input.reason ?? '', signature, signerRole: signer.role }),
      });
      return { message: DOCUMENT_MESSAGES.updated, parentChangeId: input.parentChangeId };
    });
  });

  return router;
}

export const accessibilityMailSubject = (documentId: string, isInternal: boolean) =>
  `IFU Portal: ${documentId} was switched ${isInternal ? 'Offline' : 'Online'}`;

/**
 * The change order's approver is told of an Online/Offline switch: which change order, what changed, who did it, when
 * and why. Not when the approver switched it themselves, nor to an account that is not active; a refused mail is logged.
 */
async function tellApproverOfAccessibility(
  ctx: AppContext,
  actor: AuthenticatedUser,
  switched: { parentChangeId: string; documentId: string; productFamilyName: string; approverId: string; isInternal: boolean; previous: boolean; reason?: string; at: Date },
): Promise<void> {
  if (switched.approverId === actor.userId) return;
  const approver = await findUserById(ctx.db, switched.approverId);
  if (!approver?.userActive || approver.isDeleted) return;
  const state = (isInternal: boolean) => (isInternal ? 'Offline' : 'Online');
  const who = actor.name ? `${actor.name} (${actor.email})` : actor.email;
  try {
    await ctx.mailer.send({
      to: approver.email,
      subject: accessibilityMailSubject(switched.documentId, switched.isInternal),
      text: [
        `Hello ${approver.firstName} ${approver.lastName},`,
        '',
        `${who} switched change order ${switched.documentId} (${switched.productFamilyName}), which you are the approver of, ${state(switched.isInternal)} on ${switched.at.toISOString().slice(0, 16).replace('T', ' ')} UTC. It was ${state(switched.previous)}.`,
        `Reason: ${switched.reason || REASON_NOT_GIVEN}.`,
        switched.isInternal
          ? 'Its documents left the public site at once: no visitor can find or download them until it is switched Online again.'
          : 'Its documents are on the public site again: visitors can find and download them.',
        '',
        `Open it: ${ctx.config.PUBLIC_ADMIN_URL}/document/view/${switched.parentChangeId}`,
        '',
        'IFU Portal',
      ].join('\n'),
    });
  } catch (err) {
    ctx.logger.error({ err: { code: (err as { code?: unknown }).code }, documentId: switched.documentId }, 'the Online/Offline mail to the approver was not delivered');
  }
}

import type { ChangeOrderRef, DocumentEvent } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ChangeOrderState, changeOrderDeciderOf } from '../change-order';

/**
 * Revise and resubmit (issue 22), on the rejected change order's stream: its author starts `revision`, a new change
 * order prefilled from it. `earlierRevisionStands` is whether a revision already recorded blocks another: its change
 * order exists, or its creation may still be under way (platform/unique-claims.ts, CLAIM_UNDER_WAY_MS); one whose
 * creation failed does not.
 */
export interface ReviseChangeOrder {
  type: 'ReviseChangeOrder';
  revision: ChangeOrderRef;
  actorUserId: string;
  earlierRevisionStands: boolean;
}

/**
 * Who may revise a rejected change order and when (issue 22): only while it is rejected and active, only its author
 * (the creator; an ADMIN's role gives no authority over another's document), and once (a second revision is refused
 * while the first stands). The screens ask the same question (`mayRevise`).
 */
export function revisionRefusal(
  state: Pick<ChangeOrderState, 'exists' | 'active' | 'status' | 'createdBy' | 'revisedBy' | 'revisionAfterReview'>,
  actorUserId: string,
  earlierRevisionStands: boolean,
) {
  if (!state.exists || !state.active) return { code: 'document-not-found' as const };
  // Issue 23: an approved change order whose periodic review concluded 'revise' is revised like a rejected one; it
  // stays approved (and public) until its revision is approved.
  if (state.status !== 'REJECTED' && !(state.status === 'APPROVED' && state.revisionAfterReview)) return { code: 'revise-not-rejected' as const };
  if (state.createdBy !== actorUserId) return { code: 'revise-not-author' as const };
  if (state.revisedBy && earlierRevisionStands) return { code: 'already-revised' as const, documentId: state.revisedBy.documentId };
  return undefined;
}

function decideRevise(state: ChangeOrderState, command: ReviseChangeOrder): Decision<DocumentEvent> {
  const rejection = revisionRefusal(state, command.actorUserId, command.earlierRevisionStands);
  if (rejection) return { events: [], rejection };
  return {
    events: [
      {
        type: 'ChangeOrderRevised',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          revision: command.revision,
          revisedBy: command.actorUserId,
          ...(state.status === 'APPROVED' ? { after: 'periodic-review' as const } : {}),
        },
      },
    ],
  };
}

export const revisionDecider = changeOrderDeciderOf<ReviseChangeOrder>((command, state) => decideRevise(state, command));

import type { ChangeOrderRef, DocumentEvent } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ChangeOrderState, changeOrderDeciderOf } from '../change-order';
import { revisionRefusal } from '../permissions';

/**
 * Revise and resubmit, on the rejected change order's stream: its author starts `revision`, a new change
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

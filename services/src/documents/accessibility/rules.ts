import type { DocumentEvent, Role, Signature } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ChangeOrderState, changeOrderDeciderOf, refused } from '../change-order';
import { accessibilityDecisionRefusal, accessibilitySwitchRefusal } from '../permissions';

/**
 * Online/Offline (spec §4): an ADMIN switches a decided change order at once; a change left pending in the log from when
 * switches waited for the approver's signature can still be signed or rejected by that approver.
 */

/** An ADMIN switches a decided change order Online or Offline (spec §4); the role is the actor's now. */
export interface ChangeAccessibility {
  type: 'ChangeAccessibility';
  isInternal: boolean;
  /**
   * Why, as the ADMIN gave it: the screens ask for it; the spec's payload has no field for it, so over the API it may
   * be left out (recorded as not given).
   */
  reason?: string;
  actorUserId: string;
  actorRole: Role;
}

/**
 * The change order's approver signs (`approve`, meaning `approval`) or rejects (meaning `rejection`, with a
 * reason) an Online/Offline change of an approved change order proposed while such switches waited for a signature.
 */
export interface DecideAccessibility {
  type: 'DecideAccessibility';
  approve: boolean;
  signature: Signature;
  signerRole: Role;
  reason: string;
}

function decideAccessibility(state: ChangeOrderState, command: ChangeAccessibility): Decision<DocumentEvent> {
  const refusal = accessibilitySwitchRefusal(state, { role: command.actorRole });
  if (refusal) return refused(refusal);
  // Spec §4: the switch of a decided change order takes effect at once, approved or rejected, in both directions. Taking
  // a document Offline is how a field action pulls an IFU: it waits for no one's signature (nor does a switch back).
  const previous = state.details!.isInternal;
  if (previous === command.isInternal) return { events: [] };
  const reason = command.reason?.trim();
  return {
    events: [
      {
        type: 'ChangeOrderAccessibilityChanged',
        data: {
          parentChangeId: state.parentChangeId,
          documentId: state.documentId,
          isInternal: command.isInternal,
          previous,
          changedBy: command.actorUserId,
          ...(reason ? { reason } : {}),
        },
      },
    ],
  };
}

function decideAccessibilityChange(state: ChangeOrderState, command: DecideAccessibility): Decision<DocumentEvent> {
  const refusal = accessibilityDecisionRefusal({ ...state, approverId: state.details?.approverId ?? '' }, { id: command.signature.signerId, role: command.signerRole });
  if (refusal) return refused(refusal);
  if (!command.approve && !command.reason.trim()) return refused('accessibility-reason-required');
  const pending = state.pendingAccessibility!;
  const data = { parentChangeId: state.parentChangeId, documentId: state.documentId, isInternal: pending.isInternal };
  if (!command.approve) {
    return { events: [{ type: 'ChangeOrderAccessibilityRejected', data: { ...data, requestedBy: pending.requestedBy, reason: command.reason, signature: command.signature } }] };
  }
  const changed = { ...data, previous: state.details!.isInternal, changedBy: pending.requestedBy, reason: pending.reason, signature: command.signature };
  return { events: [{ type: 'ChangeOrderAccessibilityChanged', data: changed }] };
}

export type AccessibilityCommand = ChangeAccessibility | DecideAccessibility;

export const accessibilityDecider = changeOrderDeciderOf<AccessibilityCommand>((command, state) =>
  command.type === 'ChangeAccessibility' ? decideAccessibility(state, command) : decideAccessibilityChange(state, command),
);

import type { DocumentEvent } from '@ifu/contracts';
import { type AccessibilityCommand, accessibilityDecider } from '../services/src/documents/accessibility/rules';
import { type AuthoringCommand, authoringDecider } from '../services/src/documents/authoring/rules';
import { type ChangeOrderState, changeOrderDeciderOf } from '../services/src/documents/change-order';
import { type DecideChangeOrder, decisionDecider } from '../services/src/documents/decision/rules';
import { type PeriodicReviewCommand, periodicReviewDecider } from '../services/src/documents/periodic-review/rules';
import { type ReviseChangeOrder, revisionDecider } from '../services/src/documents/revision/rules';
import type { Decider } from '../services/src/platform/command-pipeline';

/** Every command of the change order aggregate, whichever use case decides it. */
export type ChangeOrderCommand = AuthoringCommand | DecideChangeOrder | AccessibilityCommand | ReviseChangeOrder | PeriodicReviewCommand;

/**
 * The change order's use cases as one decider, for the aggregate's given/when/then specifications: a spec gives the
 * events of any use case and decides any command on them. The product has no such decider: each use case decides its
 * own commands on the one state (documents/change-order.ts).
 */
export const changeOrderDecider: Decider<ChangeOrderCommand, DocumentEvent, ChangeOrderState> = changeOrderDeciderOf<ChangeOrderCommand>((command, state) => {
  switch (command.type) {
    case 'DecideChangeOrder':
      return decisionDecider.decide(command, state);
    case 'ChangeAccessibility':
    case 'DecideAccessibility':
      return accessibilityDecider.decide(command, state);
    case 'ReviseChangeOrder':
      return revisionDecider.decide(command, state);
    case 'SetReviewDate':
    case 'RemindPeriodicReview':
    case 'CompletePeriodicReview':
      return periodicReviewDecider.decide(command, state);
    default:
      return authoringDecider.decide(command, state);
  }
});

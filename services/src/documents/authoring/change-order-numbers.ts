import type { ChangeOrderNumberEvent } from '@ifu/contracts';
import type { Decider } from '../../platform/command-pipeline';

/** The last number handed out, per year. */
export interface NumberState {
  last: Record<string, number>;
}

export interface AssignNumber {
  type: 'AssignNumber';
  year: number;
  parentChangeId: string;
}

const pad = (n: number) => String(n).padStart(5, '0');
/** `CO-2026-00042`: Document ID and ChangeOrder No. (spec §2.7, §2.8). */
export const changeOrderNumber = (year: number, n: number) => `CO-${year}-${pad(n)}`;
/** `AR-2026-00042`: the approval routing number of the same change order. */
export const approvalRoutingNumber = (documentId: string) => documentId.replace(/^CO-/, 'AR-');

/**
 * Change order numbers, in order, from one stream (`change-order-numbers`): two submissions at once both append at
 * the version they read, one wins and the other decides again with the next number. A number once assigned is never
 * given again, even when the submission that took it is then refused.
 */
export const changeOrderNumbersDecider: Decider<AssignNumber, ChangeOrderNumberEvent, NumberState> = {
  name: 'change-order-numbers',
  numbering: true,
  initialState: () => ({ last: {} }),
  evolve: (state, event) => ({ last: { ...state.last, [String(event.data.year)]: event.data.number } }),
  decide(command, state) {
    const number = (state.last[String(command.year)] ?? 0) + 1;
    return {
      events: [
        {
          type: 'ChangeOrderNumberAssigned',
          data: { year: command.year, number, documentId: changeOrderNumber(command.year, number), parentChangeId: command.parentChangeId },
        },
      ],
    };
  },
};

import type { CustomerEvent } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { customerDeciderOf, type CustomerState } from '../customer';

/** An ADMIN's choice of open access for the customer's visitors (the route lets only an active ADMIN through). */
export interface ChangeOpenAccess {
  type: 'ChangeOpenAccess';
  openAccess: boolean;
  actorUserId: string;
}

function decideOpenAccess(state: CustomerState, command: ChangeOpenAccess): Decision<CustomerEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'customer-not-found' } };
  // The same choice again records nothing.
  if (state.openAccess === command.openAccess) return { events: [] };
  return {
    events: [
      {
        type: 'CustomerOpenAccessChanged',
        data: { customerId: state.customerId, customerName: state.customerName, openAccess: command.openAccess, changedBy: command.actorUserId },
      },
    ],
  };
}

/** Whether the customer's visitors may search and download without an emailed link. */
export const openAccessDecider = customerDeciderOf<ChangeOpenAccess>((command, state) => decideOpenAccess(state, command));

import { type CustomerChangeField, type CustomerDetails, type CustomerEvent, type CustomerStatus, DEFAULT_VISITOR_ACCESS, type StoredFile, type VisitorAccess } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';

/**
 * The customer aggregate (`customer-<id>` streams): its state and `evolve`. Each use case (registration/, approval/,
 * open-access/) decides its own commands on this state through `customerDeciderOf`: one fold, one snapshot key,
 * whichever use case loads it.
 */

/** One customer folded from its stream: what the deciders need. */
export interface CustomerState extends CustomerDetails {
  /** Always known here: events from before the choice leave the default. */
  visitorAccess: VisitorAccess;
  exists: boolean;
  customerId: string;
  status: CustomerStatus;
  logo: StoredFile | null;
  /** Who registered it and who changed it last: neither may decide on it (separation of duties). */
  createdBy: string | null;
  lastEditedBy: string | null;
  /** Visitors may search and download without an emailed link; false by default. */
  openAccess: boolean;
  /**
   * A change to the APPROVED customer waiting for the approver's signature: the details and logo above stay
   * the approved ones, public, until it is approved.
   */
  pending: PendingChange | null;
}

export interface PendingChange {
  details: CustomerDetails;
  /** The logo the change brings, or null when it keeps the approved one. */
  logo: StoredFile | null;
  changed: CustomerChangeField[];
  /** Its approver is the delegate of this absent approver, who was chosen. */
  delegatedFrom?: string;
}

const initialState = (): CustomerState => ({
  exists: false,
  customerId: '',
  customerName: '',
  contactEmail: '',
  contactInformation: '',
  countryExclusionList: '',
  customerWebsiteLink: '',
  approverId: '',
  visitorAccess: DEFAULT_VISITOR_ACCESS,
  status: 'REQUIRE_APPROVAL',
  logo: null,
  createdBy: null,
  lastEditedBy: null,
  openAccess: false,
  pending: null,
});

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, logo, registeredBy, ...details } = event.data;
      return { ...state, ...withoutAbsent(details), exists: true, customerId, logo, status: 'REQUIRE_APPROVAL', createdBy: registeredBy ?? null };
    }
    case 'CustomerUpdated': {
      const { customerId: _id, changed: _changed, editedBy, ...details } = event.data;
      return { ...state, ...withoutAbsent(details), lastEditedBy: editedBy ?? state.lastEditedBy };
    }
    case 'CustomerLogoChanged':
      return { ...state, logo: event.data.logo, lastEditedBy: event.data.editedBy ?? state.lastEditedBy };
    case 'CustomerApprovalWithdrawn':
      return { ...state, status: 'REQUIRE_APPROVAL' };
    case 'CustomerApproved':
      return { ...state, status: 'APPROVED' };
    case 'CustomerRejected':
      return { ...state, status: 'REJECTED' };
    case 'CustomerOpenAccessChanged':
      return { ...state, openAccess: event.data.openAccess };
    case 'CustomerChangeProposed':
      return {
        ...state,
        pending: {
          details: { visitorAccess: state.visitorAccess, ...withoutAbsent(event.data.proposed) },
          logo: event.data.logo ?? null,
          changed: event.data.changed,
          ...(event.data.delegatedFrom ? { delegatedFrom: event.data.delegatedFrom } : {}),
        },
        lastEditedBy: event.data.editedBy,
      };
    case 'CustomerChangeWithdrawn':
      return { ...state, pending: null, lastEditedBy: event.data.editedBy };
    case 'CustomerChangeApproved':
      return { ...state, ...withoutAbsent(event.data.details), logo: event.data.logo ?? state.logo, pending: null };
    case 'CustomerChangeRejected':
      return { ...state, pending: null };
    case 'CustomerApproverReassigned': {
      const pending = state.pending;
      if (event.data.pendingChange && pending) {
        const { delegatedFrom: _before, ...rest } = pending;
        return {
          ...state,
          pending: {
            ...rest,
            details: { ...pending.details, approverId: event.data.to },
            changed: withApproverChange(pending.changed, event.data.to !== state.approverId),
            ...(event.data.delegatedFrom ? { delegatedFrom: event.data.delegatedFrom } : {}),
          },
        };
      }
      return { ...state, approverId: event.data.to };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * The details as an event records them: the default choice of reading without a link is left unsaid while the
 * customer has it too (the events read as before the choice existed); any other value, or a change back, is recorded.
 */
export function detailsAsRecorded(details: CustomerDetails, state: Pick<CustomerState, 'visitorAccess'>): CustomerDetails {
  if ((details.visitorAccess ?? DEFAULT_VISITOR_ACCESS) !== DEFAULT_VISITOR_ACCESS || state.visitorAccess !== DEFAULT_VISITOR_ACCESS) return details;
  const { visitorAccess: _default, ...rest } = details;
  return rest;
}

/** The details as an event gives them, without a `visitorAccess` it does not name (an event from before the choice). */
function withoutAbsent<T extends { visitorAccess?: VisitorAccess }>(details: T): T {
  if (details.visitorAccess !== undefined) return details;
  const { visitorAccess: _absent, ...rest } = details;
  return rest as T;
}

/**
 * The fields a pending change alters once its approver is reassigned: the approver becomes one of them when the new
 * one is not the approved customer's (approving the change makes them its approver), and stops being one otherwise.
 */
function withApproverChange(changed: readonly CustomerChangeField[], approverChanges: boolean): CustomerChangeField[] {
  const others = changed.filter((field) => field !== 'approverId');
  return approverChanges ? [...others, 'approverId'] : others;
}

/** The customer's decider for one use case's commands: the same state, `evolve` and snapshots for all of them. */
export const customerDeciderOf = <Command>(decide: (command: Command, state: CustomerState) => Decision<CustomerEvent>): Decider<Command, CustomerEvent, CustomerState> => ({
  name: 'customer',
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
});

/**
 * The customer as other features read it (a change order needs an approved customer): the same fold and snapshots as
 * the use cases', deciding nothing, since only customers/ decides on a customer.
 */
export const customerDecider: Decider<never, CustomerEvent, CustomerState> = customerDeciderOf<never>(() => ({ events: [] }));

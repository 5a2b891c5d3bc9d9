import type { CustomerDetails, CustomerEvent, CustomerStatus, Role, Signature, StoredFile } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';

/** One customer folded from its stream: what the decider needs. */
export interface CustomerState extends CustomerDetails {
  exists: boolean;
  customerId: string;
  status: CustomerStatus;
  logo: StoredFile | null;
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
  status: 'REQUIRE_APPROVAL',
  logo: null,
});

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, logo, ...details } = event.data;
      return { ...state, ...details, exists: true, customerId, logo, status: 'REQUIRE_APPROVAL' };
    }
    case 'CustomerUpdated': {
      const { customerId: _id, changed: _changed, ...details } = event.data;
      return { ...state, ...details };
    }
    case 'CustomerLogoChanged':
      return { ...state, logo: event.data.logo };
    case 'CustomerApproved':
      return { ...state, status: 'APPROVED' };
    case 'CustomerRejected':
      return { ...state, status: 'REJECTED' };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The chosen approver as the user read model has them now (spec §5: an active, non-deleted ADMIN). */
export interface ApproverFacts {
  id: string;
  role: Role;
  active: boolean;
}

export interface RegisterCustomer {
  type: 'RegisterCustomer';
  customerId: string;
  details: CustomerDetails;
  logo: StoredFile;
  actorUserId: string;
  approver: ApproverFacts | undefined;
}

export interface UpdateCustomer {
  type: 'UpdateCustomer';
  details: CustomerDetails;
  logo?: StoredFile;
  actorUserId: string;
  approver: ApproverFacts | undefined;
}

export interface DecideApproval {
  type: 'DecideApproval';
  approve: boolean;
  /** The approver id the request names (spec §7.2 customerApproverId): it must be the signer. */
  approverIdGiven: string;
  /** The logged-in signer's own verified signature. */
  signature: Signature;
  reason: string;
  changeDescription: string;
  now: Date;
}

export type CustomerCommand = RegisterCustomer | UpdateCustomer | DecideApproval;

const DETAIL_FIELDS: (keyof CustomerDetails)[] = [
  'customerName',
  'contactEmail',
  'contactInformation',
  'countryExclusionList',
  'customerWebsiteLink',
  'approverId',
];

/** Spec §5: the approver is an active, non-deleted ADMIN other than the person filling in the form. */
const eligibleApprover = (approver: ApproverFacts | undefined, actorUserId: string) =>
  approver !== undefined && approver.role === 'ADMIN' && approver.active && approver.id !== actorUserId;

function decideRegister(state: CustomerState, command: RegisterCustomer): Decision<CustomerEvent> {
  if (state.exists) return { events: [], rejection: { code: 'customer-exists' } };
  if (!eligibleApprover(command.approver, command.actorUserId)) return { events: [], rejection: { code: 'approver-not-eligible' } };
  return { events: [{ type: 'CustomerRegistered', data: { customerId: command.customerId, ...command.details, logo: command.logo } }] };
}

function decideUpdate(state: CustomerState, command: UpdateCustomer): Decision<CustomerEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'customer-not-found' } };
  if (command.details.approverId !== state.approverId && !eligibleApprover(command.approver, command.actorUserId)) {
    return { events: [], rejection: { code: 'approver-not-eligible' } };
  }
  const events: CustomerEvent[] = [];
  const changed = DETAIL_FIELDS.filter((field) => command.details[field] !== state[field]);
  if (changed.length > 0) events.push({ type: 'CustomerUpdated', data: { customerId: state.customerId, ...command.details, changed } });
  if (command.logo && command.logo.sha256 !== state.logo?.sha256) {
    events.push({ type: 'CustomerLogoChanged', data: { customerId: state.customerId, customerName: command.details.customerName, logo: command.logo } });
  }
  return { events };
}

/**
 * The rule of spec §4: only the customer's approver decides, and only while it is not APPROVED. The decider applies
 * it; the screens ask it too (a customer view's `canDecide`), so it is written once.
 */
export function decisionRefusal(customer: Pick<CustomerState, 'exists' | 'approverId' | 'status'>, signerId: string) {
  if (!customer.exists) return 'customer-not-found' as const;
  if (customer.approverId !== signerId) return 'not-the-approver' as const;
  if (customer.status === 'APPROVED') return 'already-approved' as const;
  return undefined;
}

/** The approver's signed decision, carried by the event. */
function decideApproval(state: CustomerState, command: DecideApproval): Decision<CustomerEvent> {
  const signerId = command.signature.signerId;
  const refusal = decisionRefusal(state, signerId) ?? (command.approverIdGiven === signerId ? undefined : 'not-the-approver');
  if (refusal) return { events: [], rejection: { code: refusal } };
  const common = {
    customerId: state.customerId,
    customerName: state.customerName,
    changeDescription: command.changeDescription,
    signature: command.signature,
  };
  return {
    events: [
      command.approve
        ? { type: 'CustomerApproved', data: { ...common, approvedDate: command.now.toISOString() } }
        : { type: 'CustomerRejected', data: { ...common, reason: command.reason } },
    ],
  };
}

/** The customer aggregate (`customer-<id>` streams): registration, changes, and the approver's signed decision. */
export const customerDecider: Decider<CustomerCommand, CustomerEvent, CustomerState> = {
  name: 'customer',
  initialState,
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'RegisterCustomer':
        return decideRegister(state, command);
      case 'UpdateCustomer':
        return decideUpdate(state, command);
      case 'DecideApproval':
        return decideApproval(state, command);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

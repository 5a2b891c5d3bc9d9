import type { CustomerDetails, CustomerEvent, CustomerStatus, Role, Signature, StoredFile } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';
import { type ApproverFacts, approverChoiceRefusal, type Authorship, deciderRefusal } from '../signatures/approver-policy';

/** One customer folded from its stream: what the decider needs. */
export interface CustomerState extends CustomerDetails {
  exists: boolean;
  customerId: string;
  status: CustomerStatus;
  logo: StoredFile | null;
  /** Who registered it and who changed it last: neither may decide on it (separation of duties). */
  createdBy: string | null;
  lastEditedBy: string | null;
  /** Visitors may search and download without an emailed link (issue 20); false by default. */
  openAccess: boolean;
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
  createdBy: null,
  lastEditedBy: null,
  openAccess: false,
});

export function evolve(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, logo, registeredBy, ...details } = event.data;
      return { ...state, ...details, exists: true, customerId, logo, status: 'REQUIRE_APPROVAL', createdBy: registeredBy ?? null };
    }
    case 'CustomerUpdated': {
      const { customerId: _id, changed: _changed, editedBy, ...details } = event.data;
      return { ...state, ...details, lastEditedBy: editedBy ?? state.lastEditedBy };
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
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
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
  /** The signer's role at the moment of signing: deciding needs an active ADMIN (a demoted approver decides nothing). */
  signerRole: Role;
  reason: string;
  changeDescription: string;
  now: Date;
}

/** An ADMIN's choice of open access for the customer's visitors (the route lets only an active ADMIN through). */
export interface ChangeOpenAccess {
  type: 'ChangeOpenAccess';
  openAccess: boolean;
  actorUserId: string;
}

export type CustomerCommand = RegisterCustomer | UpdateCustomer | DecideApproval | ChangeOpenAccess;

const DETAIL_FIELDS: (keyof CustomerDetails)[] = [
  'customerName',
  'contactEmail',
  'contactInformation',
  'countryExclusionList',
  'customerWebsiteLink',
  'approverId',
];

function decideRegister(state: CustomerState, command: RegisterCustomer): Decision<CustomerEvent> {
  if (state.exists) return { events: [], rejection: { code: 'customer-exists' } };
  // Spec §5, by the approver policy: an active ADMIN other than the person filling in the form (who creates it).
  const choice = approverChoiceRefusal(command.approver, { actorUserId: command.actorUserId, createdBy: null });
  if (choice) return { events: [], rejection: { code: choice } };
  return {
    events: [{ type: 'CustomerRegistered', data: { customerId: command.customerId, ...command.details, logo: command.logo, registeredBy: command.actorUserId } }],
  };
}

/** Changes after which an approved customer needs a new decision (its identity as the public sees it, or who decides). */
const DECISION_FIELDS: ReadonlySet<keyof CustomerDetails> = new Set(['customerName', 'contactEmail', 'customerWebsiteLink', 'approverId']);

function decideUpdate(state: CustomerState, command: UpdateCustomer): Decision<CustomerEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'customer-not-found' } };
  const newApprover = command.details.approverId !== state.approverId;
  const choice = newApprover ? approverChoiceRefusal(command.approver, { actorUserId: command.actorUserId, createdBy: state.createdBy }) : undefined;
  if (choice) return { events: [], rejection: { code: choice } };
  const events: CustomerEvent[] = [];
  const changed = DETAIL_FIELDS.filter((field) => command.details[field] !== state[field]);
  const editedBy = command.actorUserId;
  if (changed.length > 0) events.push({ type: 'CustomerUpdated', data: { customerId: state.customerId, ...command.details, changed, editedBy } });
  if (command.logo && command.logo.sha256 !== state.logo?.sha256) {
    events.push({ type: 'CustomerLogoChanged', data: { customerId: state.customerId, customerName: command.details.customerName, logo: command.logo, editedBy } });
  }
  const reviewed = changed.filter((field) => DECISION_FIELDS.has(field));
  if (state.status === 'APPROVED' && reviewed.length > 0) {
    events.push({ type: 'CustomerApprovalWithdrawn', data: { customerId: state.customerId, customerName: command.details.customerName, changed: reviewed } });
  }
  return { events };
}

/**
 * The rule of spec §4: only the customer's approver decides (by the approver policy: an ADMIN now, neither its creator
 * nor its last editor), and only while it is not APPROVED. The decider applies it; the screens ask it too (a customer
 * view's `canDecide`, with the authors the read model knows), so it is written once.
 */
export function decisionRefusal(
  customer: Pick<CustomerState, 'exists' | 'approverId' | 'status'> & Partial<Authorship>,
  signer: { id: string; role: Role },
) {
  if (!customer.exists) return 'customer-not-found' as const;
  if (customer.approverId !== signer.id) return 'not-the-approver' as const;
  if (customer.status === 'APPROVED') return 'already-approved' as const;
  const refusal = deciderRefusal({ createdBy: null, lastEditedBy: null, ...customer }, signer);
  return refusal === 'not-assigned' ? ('not-the-approver' as const) : refusal;
}

/** The approver's signed decision, carried by the event. */
function decideApproval(state: CustomerState, command: DecideApproval): Decision<CustomerEvent> {
  const signerId = command.signature.signerId;
  const refusal =
    decisionRefusal(state, { id: signerId, role: command.signerRole }) ?? (command.approverIdGiven === signerId ? undefined : 'not-the-approver');
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
      case 'ChangeOpenAccess':
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
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

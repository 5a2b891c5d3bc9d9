import type { CustomerChangeField, CustomerDetails, CustomerEvent, CustomerFieldChange, CustomerStatus, Role, Signature, StoredFile } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';
import { type ApproverFacts, approverChoiceRefusal, type Authorship, deciderRefusal } from '../auth';

/** One customer folded from its stream: what the decider needs. */
export interface CustomerState extends CustomerDetails {
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
  pending: null,
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
    case 'CustomerChangeProposed':
      return {
        ...state,
        pending: { details: event.data.proposed, logo: event.data.logo ?? null, changed: event.data.changed },
        lastEditedBy: event.data.editedBy,
      };
    case 'CustomerChangeWithdrawn':
      return { ...state, pending: null, lastEditedBy: event.data.editedBy };
    case 'CustomerChangeApproved':
      return { ...state, ...event.data.details, logo: event.data.logo ?? state.logo, pending: null };
    case 'CustomerChangeRejected':
      return { ...state, pending: null };
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

function decideUpdate(state: CustomerState, command: UpdateCustomer): Decision<CustomerEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'customer-not-found' } };
  const newApprover = command.details.approverId !== state.approverId;
  const choice = newApprover ? approverChoiceRefusal(command.approver, { actorUserId: command.actorUserId, createdBy: state.createdBy }) : undefined;
  if (choice) return { events: [], rejection: { code: choice } };
  if (state.status === 'APPROVED') return proposeChange(state, command);
  const events: CustomerEvent[] = [];
  const changed = DETAIL_FIELDS.filter((field) => command.details[field] !== state[field]);
  const editedBy = command.actorUserId;
  if (changed.length > 0) events.push({ type: 'CustomerUpdated', data: { customerId: state.customerId, ...command.details, changed, editedBy } });
  if (command.logo && command.logo.sha256 !== state.logo?.sha256) {
    events.push({ type: 'CustomerLogoChanged', data: { customerId: state.customerId, customerName: command.details.customerName, logo: command.logo, editedBy } });
  }
  return { events };
}

/**
 * A change to an APPROVED customer waits for the approver's signature: the approved version stays public
 * until then. The edit replaces any pending change; one that brings back the approved values withdraws it. A logo not
 * sent keeps the pending change's logo, if it has one.
 */
function proposeChange(state: CustomerState, command: UpdateCustomer): Decision<CustomerEvent> {
  const sentLogo = command.logo && command.logo.sha256 !== state.logo?.sha256 ? command.logo : undefined;
  const logo = command.logo ? sentLogo : (state.pending?.logo ?? undefined);
  const changed: CustomerChangeField[] = DETAIL_FIELDS.filter((field) => command.details[field] !== state[field]);
  if (logo) changed.push('customerLogo');
  const base = { customerId: state.customerId, customerName: state.customerName, editedBy: command.actorUserId };
  if (changed.length === 0) return { events: state.pending ? [{ type: 'CustomerChangeWithdrawn', data: base }] : [] };
  const pending = state.pending;
  const same =
    pending !== null &&
    DETAIL_FIELDS.every((field) => pending.details[field] === command.details[field]) &&
    (pending.logo?.sha256 ?? null) === (logo?.sha256 ?? null);
  if (same) return { events: [] };
  return { events: [{ type: 'CustomerChangeProposed', data: { ...base, proposed: command.details, ...(logo ? { logo } : {}), changed } }] };
}

/** The fields of the pending change, each with its approved value and the value waiting (the logo by its SHA-256). */
export function pendingChanges(state: Pick<CustomerState, keyof CustomerDetails | 'logo' | 'pending'>): CustomerFieldChange[] {
  const { pending } = state;
  if (!pending) return [];
  return pending.changed.map((field) =>
    field === 'customerLogo'
      ? { field, from: state.logo?.sha256 ?? '', to: pending.logo?.sha256 ?? '' }
      : { field, from: state[field], to: pending.details[field] },
  );
}

/**
 * The rule of spec §4: only the customer's approver decides (by the approver policy: an ADMIN now, neither its creator
 * nor its last editor), and only while it is not APPROVED, or while a change to it is pending; a pending
 * change is decided by the approver it names. The decider applies it; the screens ask it too (a customer view's
 * `canDecide`, with the authors the read model knows), so it is written once.
 */
export function decisionRefusal(
  customer: Pick<CustomerState, 'exists' | 'approverId' | 'status'> & Partial<Authorship> & { pendingApproverId?: string | null },
  signer: { id: string; role: Role },
) {
  if (!customer.exists) return 'customer-not-found' as const;
  const pending = customer.pendingApproverId !== undefined && customer.pendingApproverId !== null;
  const approverId = pending ? customer.pendingApproverId! : customer.approverId;
  if (approverId !== signer.id) return 'not-the-approver' as const;
  if (customer.status === 'APPROVED' && !pending) return 'already-approved' as const;
  const refusal = deciderRefusal({ createdBy: null, lastEditedBy: null, ...customer, approverId }, signer);
  return refusal === 'not-assigned' ? ('not-the-approver' as const) : refusal;
}

/** The approver's signed decision, carried by the event: on the customer, or on the change pending to an approved one. */
function decideApproval(state: CustomerState, command: DecideApproval): Decision<CustomerEvent> {
  const signerId = command.signature.signerId;
  const refusal =
    decisionRefusal({ ...state, pendingApproverId: state.pending?.details.approverId ?? null }, { id: signerId, role: command.signerRole }) ??
    (command.approverIdGiven === signerId ? undefined : 'not-the-approver');
  if (refusal) return { events: [], rejection: { code: refusal } };
  const common = {
    customerId: state.customerId,
    customerName: state.customerName,
    changeDescription: command.changeDescription,
    signature: command.signature,
  };
  if (state.pending) {
    const changes = pendingChanges(state);
    const { logo } = state.pending;
    return {
      events: [
        command.approve
          ? {
              type: 'CustomerChangeApproved',
              data: {
                ...common,
                customerName: state.pending.details.customerName,
                details: state.pending.details,
                ...(logo ? { logo } : {}),
                changes,
                approvedDate: command.now.toISOString(),
              },
            }
          : { type: 'CustomerChangeRejected', data: { ...common, changes, reason: command.reason } },
      ],
    };
  }
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

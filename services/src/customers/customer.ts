import type { CustomerDetails, CustomerEvent, CustomerStatus, Signature, StoredFile } from '@ifu/contracts';

/** One customer folded from its stream: what the deciders need. */
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

export const foldCustomer = (events: readonly CustomerEvent[]) => events.reduce(evolve, initialState());

export type CustomerRejection = 'customer-exists' | 'customer-not-found' | 'not-the-approver' | 'already-approved';

export type CustomerDecision = { events: CustomerEvent[]; rejection?: undefined } | { events: []; rejection: CustomerRejection };

export function decideRegister(state: CustomerState, command: { customerId: string; details: CustomerDetails; logo: StoredFile }): CustomerDecision {
  if (state.exists) return { events: [], rejection: 'customer-exists' };
  return { events: [{ type: 'CustomerRegistered', data: { customerId: command.customerId, ...command.details, logo: command.logo } }] };
}

const DETAIL_FIELDS: (keyof CustomerDetails)[] = [
  'customerName',
  'contactEmail',
  'contactInformation',
  'countryExclusionList',
  'customerWebsiteLink',
  'approverId',
];

export function decideUpdate(state: CustomerState, command: { details: CustomerDetails; logo?: StoredFile }): CustomerDecision {
  if (!state.exists) return { events: [], rejection: 'customer-not-found' };
  const events: CustomerEvent[] = [];
  const changed = DETAIL_FIELDS.filter((field) => command.details[field] !== state[field]);
  if (changed.length > 0) events.push({ type: 'CustomerUpdated', data: { customerId: state.customerId, ...command.details, changed } });
  if (command.logo && command.logo.sha256 !== state.logo?.sha256) {
    events.push({ type: 'CustomerLogoChanged', data: { customerId: state.customerId, customerName: command.details.customerName, logo: command.logo } });
  }
  return { events };
}

export interface DecideApproval {
  approve: boolean;
  /** The logged-in user, whose own credentials were verified as the signature. */
  signer: { id: string; name: string; email: string };
  reason: string;
  changeDescription: string;
  now: Date;
}

/** Only the customer's approver decides, only while it is not APPROVED; the decision carries the signature. */
export function decideApproval(state: CustomerState, command: DecideApproval): CustomerDecision {
  if (!state.exists) return { events: [], rejection: 'customer-not-found' };
  if (state.approverId !== command.signer.id) return { events: [], rejection: 'not-the-approver' };
  if (state.status === 'APPROVED') return { events: [], rejection: 'already-approved' };
  const at = command.now.toISOString();
  const signature: Signature = {
    signerId: command.signer.id,
    name: command.signer.name,
    email: command.signer.email,
    signedAt: at,
    meaning: command.approve ? 'approval' : 'rejection',
  };
  const common = { customerId: state.customerId, customerName: state.customerName, changeDescription: command.changeDescription, signature };
  return {
    events: [
      command.approve
        ? { type: 'CustomerApproved', data: { ...common, approvedDate: at } }
        : { type: 'CustomerRejected', data: { ...common, reason: command.reason } },
    ],
  };
}

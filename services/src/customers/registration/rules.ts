import type { CustomerChangeField, CustomerDetails, CustomerEvent, StoredFile } from '@ifu/contracts';
import type { Decision } from '../../platform/command-pipeline';
import { type ApproverFacts, type ApproverRouting, approverChoiceRefusal, routedApprover } from '../../auth';
import { customerDeciderOf, type CustomerState, detailsAsRecorded as recorded } from '../customer';

export interface RegisterCustomer {
  type: 'RegisterCustomer';
  customerId: string;
  details: CustomerDetails;
  logo: StoredFile;
  actorUserId: string;
  approver: ApproverFacts | undefined;
  /** The day and the chosen approver's delegate, when they are absent: the delegate may take it instead. */
  routing?: ApproverRouting;
}

export interface UpdateCustomer {
  type: 'UpdateCustomer';
  details: CustomerDetails;
  logo?: StoredFile;
  actorUserId: string;
  approver: ApproverFacts | undefined;
  /** The day and the chosen approver's delegate, when they are absent: the delegate may take it instead. */
  routing?: ApproverRouting;
}

export type RegistrationCommand = RegisterCustomer | UpdateCustomer;

const DETAIL_FIELDS: (keyof CustomerDetails)[] = [
  'customerName',
  'contactEmail',
  'contactInformation',
  'countryExclusionList',
  'customerWebsiteLink',
  'approverId',
  'visitorAccess',
];

function decideRegister(state: CustomerState, command: RegisterCustomer): Decision<CustomerEvent> {
  if (state.exists) return { events: [], rejection: { code: 'customer-exists' } };
  // Spec §5, by the approver policy: an active ADMIN other than the person filling in the form (who creates it).
  const policy = { actorUserId: command.actorUserId, createdBy: null };
  const choice = approverChoiceRefusal(command.approver, policy);
  if (choice) return { events: [], rejection: { code: choice } };
  // The approver chosen is absent today: their delegate takes it, if the same policy lets them.
  const routed = routedApprover(command.approver!, command.routing, (delegate) => approverChoiceRefusal(delegate, policy) === undefined);
  return {
    events: [
      {
        type: 'CustomerRegistered',
        data: {
          customerId: command.customerId,
          ...recorded(command.details, state),
          approverId: routed.approverId,
          logo: command.logo,
          registeredBy: command.actorUserId,
          ...(routed.delegatedFrom ? { delegatedFrom: routed.delegatedFrom } : {}),
        },
      },
    ],
  };
}

function decideUpdate(state: CustomerState, sent: UpdateCustomer): Decision<CustomerEvent> {
  if (!state.exists) return { events: [], rejection: { code: 'customer-not-found' } };
  // An edit that does not name the choice of reading without a link keeps the one the customer (or its change) has.
  const visitorAccess = sent.details.visitorAccess ?? state.pending?.details.visitorAccess ?? state.visitorAccess;
  const command = { ...sent, details: { ...sent.details, visitorAccess } };
  // The approver the customer (or its pending change) waits for now: an edit that names another one chooses anew.
  const current = state.pending?.details.approverId ?? state.approverId;
  const newApprover = command.details.approverId !== state.approverId;
  const policy = { actorUserId: command.actorUserId, createdBy: state.createdBy };
  const choice = newApprover ? approverChoiceRefusal(command.approver, policy) : undefined;
  if (choice) return { events: [], rejection: { code: choice } };
  // A new approver absent today: their delegate takes it, if the same policy lets them.
  const routed =
    command.details.approverId !== current && newApprover
      ? routedApprover(command.approver!, command.routing, (delegate) => approverChoiceRefusal(delegate, policy) === undefined)
      : undefined;
  const routedCommand = routed ? { ...command, details: { ...command.details, approverId: routed.approverId } } : command;
  // Who the approver stands in for: chosen now, or as the pending change had it when the edit keeps its approver.
  const keptFrom = !routed && state.pending?.delegatedFrom && command.details.approverId === current ? state.pending.delegatedFrom : undefined;
  const from = routed?.delegatedFrom ?? keptFrom;
  const delegatedFrom = from ? { delegatedFrom: from } : {};
  if (state.status === 'APPROVED') return proposeChange(state, routedCommand, delegatedFrom);
  const details = routedCommand.details;
  const events: CustomerEvent[] = [];
  const changed = DETAIL_FIELDS.filter((field) => details[field] !== state[field]);
  const editedBy = command.actorUserId;
  if (changed.length > 0) {
    events.push({ type: 'CustomerUpdated', data: { customerId: state.customerId, ...recorded(details, state), changed, editedBy, ...(changed.includes('approverId') ? delegatedFrom : {}) } });
  }
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
function proposeChange(state: CustomerState, command: UpdateCustomer, delegatedFrom: { delegatedFrom?: string }): Decision<CustomerEvent> {
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
  return { events: [{ type: 'CustomerChangeProposed', data: { ...base, proposed: recorded(command.details, state), ...(logo ? { logo } : {}), changed, ...delegatedFrom } }] };
}

/** Registering a customer and editing it (spec §2.4): an edit of an APPROVED customer is a change pending its approver. */
export const registrationDecider = customerDeciderOf<RegistrationCommand>((command, state) =>
  command.type === 'RegisterCustomer' ? decideRegister(state, command) : decideUpdate(state, command),
);

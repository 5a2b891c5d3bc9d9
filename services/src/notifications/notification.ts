import type { NotificationEvent, NotificationNumberEvent, NotificationScope } from '@ifu/contracts';
import type { Decider, Decision } from '../platform/command-pipeline';

/** One notice folded from its stream `notification-<n>`. */
export interface NotificationState extends NotificationScope {
  exists: boolean;
  deleted: boolean;
  notificationId: number;
  notificationText: string;
}

const initialState = (): NotificationState => ({ exists: false, deleted: false, notificationId: 0, notificationText: '', customerId: null, productId: null });

export function evolve(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case 'NotificationAdded':
    case 'NotificationUpdated': {
      const { notificationId, notificationText, customerId, productId } = event.data;
      return { ...state, exists: true, notificationId, notificationText, customerId, productId };
    }
    case 'NotificationDeleted':
      return { ...state, deleted: true };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * Where a notice is to be shown, as the read models know it now (a customer approved then, withdrawn since, no longer
 * qualifies): `customer` when a customer is named, `productCustomerId` the customer of the named family's change
 * order when a product is named (undefined when no approved family has that id).
 */
export interface ScopeFacts {
  customer?: { id: string; approved: boolean };
  productCustomerId?: string;
}

export interface AddNotification {
  type: 'AddNotification';
  notificationId: number;
  text: string;
  scope: NotificationScope;
  facts: ScopeFacts;
  actorUserId: string;
}

export interface UpdateNotification {
  type: 'UpdateNotification';
  text: string;
  scope: NotificationScope;
  facts: ScopeFacts;
  actorUserId: string;
}

export interface DeleteNotification {
  type: 'DeleteNotification';
  actorUserId: string;
}

export type NotificationCommand = AddNotification | UpdateNotification | DeleteNotification;

/** Spec §2.5: customers are approved ones; a product is one of that customer's approved product families. */
function scopeRefusal(scope: NotificationScope, facts: ScopeFacts) {
  if (scope.customerId === null) return scope.productId === null ? undefined : ('notification-product-without-customer' as const);
  if (!facts.customer || facts.customer.id !== scope.customerId || !facts.customer.approved) return 'notification-customer-not-approved' as const;
  if (scope.productId !== null && facts.productCustomerId !== scope.customerId) return 'notification-product-not-of-customer' as const;
  return undefined;
}

function decideAdd(state: NotificationState, command: AddNotification): Decision<NotificationEvent> {
  if (state.exists) return { events: [], rejection: { code: 'notification-exists' } };
  const refusal = scopeRefusal(command.scope, command.facts);
  if (refusal) return { events: [], rejection: { code: refusal } };
  return {
    events: [{ type: 'NotificationAdded', data: { notificationId: command.notificationId, notificationText: command.text, ...command.scope, addedBy: command.actorUserId } }],
  };
}

function decideUpdate(state: NotificationState, command: UpdateNotification): Decision<NotificationEvent> {
  if (!state.exists || state.deleted) return { events: [], rejection: { code: 'notification-not-found' } };
  const refusal = scopeRefusal(command.scope, command.facts);
  if (refusal) return { events: [], rejection: { code: refusal } };
  const changed = [
    ...(command.text !== state.notificationText ? ['notificationText'] : []),
    ...(command.scope.customerId !== state.customerId ? ['customerID'] : []),
    ...(command.scope.productId !== state.productId ? ['productID'] : []),
  ];
  // Saving what is there already is a success that records nothing.
  if (changed.length === 0) return { events: [] };
  return {
    events: [
      {
        type: 'NotificationUpdated',
        data: { notificationId: state.notificationId, notificationText: command.text, ...command.scope, editedBy: command.actorUserId, changed },
      },
    ],
  };
}

function decideDelete(state: NotificationState, command: DeleteNotification): Decision<NotificationEvent> {
  if (!state.exists || state.deleted) return { events: [], rejection: { code: 'notification-not-found' } };
  return { events: [{ type: 'NotificationDeleted', data: { notificationId: state.notificationId, deletedBy: command.actorUserId } }] };
}

/** Notices (`notification-<n>` streams): added, changed and deleted by an ADMIN (spec §2.5). */
export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  name: 'notification',
  initialState,
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'AddNotification':
        return decideAdd(state, command);
      case 'UpdateNotification':
        return decideUpdate(state, command);
      case 'DeleteNotification':
        return decideDelete(state, command);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

/**
 * Notice numbers, in order, from one stream (`notification-numbers`): 'Notification Id 7' in the list and the delete
 * confirmation. Two additions at once both append at the version they read; one wins, the other takes the next.
 */
export const notificationNumbersDecider: Decider<{ type: 'AssignNotificationNumber' }, NotificationNumberEvent, { last: number }> = {
  name: 'notification-numbers',
  numbering: true,
  initialState: () => ({ last: 0 }),
  evolve: (_state, event) => ({ last: event.data.notificationId }),
  decide: (_command, state) => ({ events: [{ type: 'NotificationNumberAssigned', data: { notificationId: state.last + 1 } }] }),
};

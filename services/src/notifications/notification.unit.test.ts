import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test-support/specs';
import type { NotificationEvent, NotificationScope } from '@ifu/contracts';
import { notificationDecider, notificationNumbersDecider, type ScopeFacts } from './notification';

const spec = deciderSpec(notificationDecider);
const global: NotificationScope = { customerId: null, productId: null };
const customerWide: NotificationScope = { customerId: 'c-1', productId: null };
const productScope: NotificationScope = { customerId: 'c-1', productId: 'p-1' };
const approvedCustomer: ScopeFacts = { customer: { id: 'c-1', approved: true } };
const add = (scope = global, facts: ScopeFacts = {}, text = 'Planned maintenance on Sunday') =>
  ({ type: 'AddNotification' as const, notificationId: 7, text, scope, facts, actorUserId: 'admin-1' });
const update = (scope = global, facts: ScopeFacts = {}, text = 'Maintenance moved to Monday') =>
  ({ type: 'UpdateNotification' as const, text, scope, facts, actorUserId: 'admin-2' });
const added: NotificationEvent = { type: 'NotificationAdded', data: { notificationId: 7, notificationText: 'Planned maintenance on Sunday', ...global, addedBy: 'admin-1' } };
const deleted: NotificationEvent = { type: 'NotificationDeleted', data: { notificationId: 7, deletedBy: 'admin-1' } };

describe('the notification decider', () => {
  describe('adding', () => {
    it('a global notice needs no customer', () => {
      spec.given().when(add()).then([added]);
    });
    it('a customer-wide notice names an approved customer', () => {
      spec.given().when(add(customerWide, approvedCustomer)).then([
        { type: 'NotificationAdded', data: { notificationId: 7, notificationText: 'Planned maintenance on Sunday', ...customerWide, addedBy: 'admin-1' } },
      ]);
    });
    it('a product notice names one of that customer’s approved families', () => {
      spec.given().when(add(productScope, { ...approvedCustomer, productCustomerId: 'c-1' })).then([
        { type: 'NotificationAdded', data: { notificationId: 7, notificationText: 'Planned maintenance on Sunday', ...productScope, addedBy: 'admin-1' } },
      ]);
    });
    it.each([
      ['an unknown customer', customerWide, {}, 'notification-customer-not-approved'],
      ['a customer not approved (now)', customerWide, { customer: { id: 'c-1', approved: false } }, 'notification-customer-not-approved'],
      ['facts about another customer', customerWide, { customer: { id: 'c-2', approved: true } }, 'notification-customer-not-approved'],
      ['a product without a customer', { customerId: null, productId: 'p-1' }, {}, 'notification-product-without-customer'],
      ['a product of another customer', productScope, { ...approvedCustomer, productCustomerId: 'c-2' }, 'notification-product-not-of-customer'],
      ['a product that is no approved family', productScope, approvedCustomer, 'notification-product-not-of-customer'],
    ] as Array<[string, NotificationScope, ScopeFacts, 'notification-customer-not-approved' | 'notification-product-without-customer' | 'notification-product-not-of-customer']>)('refuses %s', (_case, scope, facts, code) => {
      spec.given().when(add(scope, facts)).thenRefuses({ code });
    });
    it('refuses a number already used', () => {
      spec.given(added).when(add()).thenRefuses({ code: 'notification-exists' });
    });
  });

  describe('updating', () => {
    it('records what changed and who changed it', () => {
      spec.given(added).when(update(customerWide, approvedCustomer)).then([
        {
          type: 'NotificationUpdated',
          data: { notificationId: 7, notificationText: 'Maintenance moved to Monday', ...customerWide, editedBy: 'admin-2', changed: ['notificationText', 'customerID'] },
        },
      ]);
    });
    it('saving the same notice records nothing', () => {
      spec.given(added).when(update(global, {}, 'Planned maintenance on Sunday')).thenNothing();
    });
    it('refuses an unknown or deleted notice, and a scope no longer valid', () => {
      spec.given().when(update()).thenRefuses({ code: 'notification-not-found' });
      spec.given(added, deleted).when(update()).thenRefuses({ code: 'notification-not-found' });
      spec.given(added).when(update(customerWide, { customer: { id: 'c-1', approved: false } })).thenRefuses({ code: 'notification-customer-not-approved' });
    });
  });

  describe('deleting', () => {
    it('deletes once', () => {
      spec.given(added).when({ type: 'DeleteNotification', actorUserId: 'admin-2' }).then([{ type: 'NotificationDeleted', data: { notificationId: 7, deletedBy: 'admin-2' } }]);
      spec.given(added, deleted).when({ type: 'DeleteNotification', actorUserId: 'admin-2' }).thenRefuses({ code: 'notification-not-found' });
      spec.given().when({ type: 'DeleteNotification', actorUserId: 'admin-2' }).thenRefuses({ code: 'notification-not-found' });
    });
  });
});

describe('notification numbers', () => {
  it('hands out the next number', () => {
    const numbers = deciderSpec(notificationNumbersDecider);
    numbers.given().when({ type: 'AssignNotificationNumber' }).then([{ type: 'NotificationNumberAssigned', data: { notificationId: 1 } }]);
    numbers
      .given({ type: 'NotificationNumberAssigned', data: { notificationId: 1 } }, { type: 'NotificationNumberAssigned', data: { notificationId: 2 } })
      .when({ type: 'AssignNotificationNumber' })
      .then([{ type: 'NotificationNumberAssigned', data: { notificationId: 3 } }]);
    expect(notificationNumbersDecider.initialState()).toEqual({ last: 0 });
  });
});

import { NOTIFICATION_MESSAGES, NOTIFICATION_TEXT_MAX } from '@ifu/contracts';
import type { Notification } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import {
  canSubmitNotification,
  customerLabel,
  notificationFormDefaults,
  notificationFormSchema,
  parseNotificationId,
  productLabel,
  toAddNotificationRequest,
  toUpdateNotificationRequest,
} from './notification-form-values';

const messages = (input: unknown) => {
  const result = notificationFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const productNotice: Notification = {
  id: 7,
  notificationText: 'Lot 42 is recalled.',
  customerID: 'c-1',
  productID: 'p-1',
  customerName: 'Acme Medical',
  productName: 'Orbit Stent',
  version: 3,
};

describe('the notification form', () => {
  it('when added, then it starts empty with All customers and All products', () => {
    expect(notificationFormDefaults()).toEqual({ customerID: '', productID: '', notificationText: '' });
  });

  it('when editing, then it starts from the stored notice', () => {
    expect(notificationFormDefaults(productNotice)).toEqual({ customerID: 'c-1', productID: 'p-1', notificationText: 'Lot 42 is recalled.' });
    expect(notificationFormDefaults({ ...productNotice, customerID: null, productID: null })).toMatchObject({ customerID: '', productID: '' });
  });

  it('when the message is empty or blank, then it says Enter Notification Message and the button stays disabled', () => {
    expect(messages(notificationFormDefaults())).toEqual([`notificationText: ${NOTIFICATION_MESSAGES.messageRequired}`]);
    expect(messages({ ...notificationFormDefaults(), notificationText: ' \n\t ' })).toEqual([`notificationText: ${NOTIFICATION_MESSAGES.messageRequired}`]);
    expect(canSubmitNotification('')).toBe(false);
    expect(canSubmitNotification('   ')).toBe(false);
    expect(canSubmitNotification('Closed on Friday')).toBe(true);
  });

  it('when the message is longer than the limit, then the contract refuses it', () => {
    expect(messages({ customerID: '', productID: '', notificationText: 'x'.repeat(NOTIFICATION_TEXT_MAX + 1) })).toHaveLength(1);
    expect(messages({ customerID: '', productID: '', notificationText: 'x'.repeat(NOTIFICATION_TEXT_MAX) })).toEqual([]);
  });

  it('when a product is chosen without a customer, then the contract refuses it', () => {
    expect(messages({ customerID: '', productID: 'p-1', notificationText: 'Hello' })).toEqual(['productID: productID needs a customerID']);
  });

  it('when All is kept, then the request sends null customer and product and the trimmed message', () => {
    const values = notificationFormSchema.parse({ customerID: '', productID: '', notificationText: '  Portal closed on Friday.\r\nSorry.  ' });
    expect(toAddNotificationRequest(values)).toEqual({ customerID: null, productID: null, notificationText: 'Portal closed on Friday.\nSorry.' });
  });

  it('when a customer and a product are chosen, then the request names both; an update adds the id', () => {
    const values = notificationFormSchema.parse(notificationFormDefaults(productNotice));
    expect(toAddNotificationRequest(values)).toEqual({ customerID: 'c-1', productID: 'p-1', notificationText: 'Lot 42 is recalled.' });
    expect(toUpdateNotificationRequest(values, 7)).toEqual({ id: 7, customerID: 'c-1', productID: 'p-1', notificationText: 'Lot 42 is recalled.' });
  });

  it('when a notice names no customer or product, then the grid says All; a named one shows its name, or its id when the name is missing', () => {
    const global = { ...productNotice, customerID: null, productID: null, customerName: null, productName: null };
    expect([customerLabel(global), productLabel(global)]).toEqual(['All', 'All']);
    expect([customerLabel(productNotice), productLabel(productNotice)]).toEqual(['Acme Medical', 'Orbit Stent']);
    const unnamed = { ...productNotice, customerName: null, productName: null };
    expect([customerLabel(unnamed), productLabel(unnamed)]).toEqual(['c-1', 'p-1']);
  });

  it('when the update route has an id, then only a notice number is taken', () => {
    expect(parseNotificationId('12')).toBe(12);
    for (const wrong of [undefined, '', '0', '-1', '1.5', 'abc', '12abc', '99999999999']) expect(parseNotificationId(wrong), String(wrong)).toBeUndefined();
  });
});

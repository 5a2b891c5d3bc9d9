/**
 * Events of notices (spec §2.5, §3 Notification). Each notice has its stream `notification-<id>`; its number comes
 * from the `notification-numbers` stream, so the list and the delete confirmation can say 'Notification Id 7'.
 */
export interface NotificationScope {
  /** Empty: a global notice, shown on every customer page. */
  customerId: string | null;
  /** A product family, named by the parentChangeId `getProductByCustomer` gave for it; only with a customer. */
  productId: string | null;
}

export type NotificationEvent =
  | { type: 'NotificationAdded'; data: { notificationId: number; notificationText: string; addedBy: string } & NotificationScope }
  | { type: 'NotificationUpdated'; data: { notificationId: number; notificationText: string; editedBy: string; changed: string[] } & NotificationScope }
  | { type: 'NotificationDeleted'; data: { notificationId: number; deletedBy: string } };

export type NotificationNumberEvent = { type: 'NotificationNumberAssigned'; data: { notificationId: number } };

export const NOTIFICATION_NUMBERS_STREAM = 'notification-numbers';
export const notificationStreamId = (notificationId: number) => `notification-${notificationId}`;

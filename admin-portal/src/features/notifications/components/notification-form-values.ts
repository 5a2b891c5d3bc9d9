import { AddNotificationRequest, NOTIFICATION_MESSAGES } from '@ifu/contracts';
import type { Notification, UpdateNotificationRequest } from '@ifu/contracts';
import { z } from 'zod';

/** The Add/Edit notification form as it holds its values: '' is the 'All' choice of both selects. */
export type NotificationFormInput = { customerID: string; productID: string; notificationText: string };

/**
 * The form's schema is the request's own (services/contracts): the message is required ('Enter Notification Message',
 * spec §5) and at most NOTIFICATION_TEXT_MAX characters, customer and product are optional (empty means all), and a
 * product needs its customer. Its output is the body of POST /user/addNotification.
 */
export const notificationFormSchema = z
  .object({ customerID: z.string(), productID: z.string(), notificationText: z.string() })
  .transform((values): AddNotificationRequest => values)
  .pipe(AddNotificationRequest);

export type NotificationFormValues = z.output<typeof notificationFormSchema>;

export const notificationFormDefaults = (notification?: Notification): NotificationFormInput => ({
  customerID: notification?.customerID ?? '',
  productID: notification?.productID ?? '',
  notificationText: notification?.notificationText ?? '',
});

/** Add and Update stay disabled while the message is empty (spec §4, Notification form). */
export const canSubmitNotification = (notificationText: string): boolean => notificationText.trim() !== '';

/** The body of POST /user/addNotification: { customerID, productID, notificationText }, null meaning all. */
export const toAddNotificationRequest = (values: NotificationFormValues): AddNotificationRequest => ({
  customerID: values.customerID,
  productID: values.productID,
  notificationText: values.notificationText,
});

/** The body of POST /user/updateNotification: the same plus the notice's id. */
export const toUpdateNotificationRequest = (values: NotificationFormValues, id: number): UpdateNotificationRequest => ({
  id,
  ...toAddNotificationRequest(values),
});

/**
 * What the Customer and Product columns show (spec §2.5): 'All' for a notice that names none; otherwise the name as it
 * is now, or the id when the list has no name for it (the list's names are joined, and null for a notice for all).
 */
export const customerLabel = ({ customerID, customerName }: Pick<Notification, 'customerID' | 'customerName'>): string =>
  customerID === null ? NOTIFICATION_MESSAGES.all : (customerName ?? customerID);

export const productLabel = ({ productID, productName }: Pick<Notification, 'productID' | 'productName'>): string =>
  productID === null ? NOTIFICATION_MESSAGES.all : (productName ?? productID);

/** The id in /notification/update/:id, or undefined when it is not a notice's number. */
export const parseNotificationId = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
};

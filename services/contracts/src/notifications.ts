import { z } from 'zod';
import { CONTROL_CHARACTERS } from './common';

/** Spec §4, §8 texts of Manage Notification, spelled once for the screens and the server. */
export const NOTIFICATION_MESSAGES = {
  messageRequired: 'Enter Notification Message',
  added: 'Notification Added Successfully!!',
  updated: 'Notification Updated Successfully!!',
  deleted: 'Notification Deleted Successfully!!',
  addFailed: 'Failed to Add Notification !!',
  updateFailed: 'Failed to Update Notification !!',
  deleteFailed: 'Failed to Delete Notification !!',
  listFailed: 'Failed to fetch notifications !!',
  formAdded: 'Notification added/updated Successfully!!',
  formFailed: 'Failed to add/update notification!!',
  all: 'All',
  confirmDelete: (id: number | string) => `Are you sure, you want to remove notification Id ${id}`,
} as const;

/** A notice is a few sentences on a public page; a textarea may hold line breaks, no other control character. */
export const NOTIFICATION_TEXT_MAX = 1000;

const optionalId = (field: string) =>
  z
    .union([z.string(), z.null()], { error: `${field} must be a string` })
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(
      z
        .string()
        .max(64, { message: `${field} must be at most 64 characters`, abort: true })
        .regex(/^[A-Za-z0-9-]*$/, { message: `${field} is not a valid id` }),
    )
    .transform((v) => (v === '' ? null : v));

const notificationText = z
  .string({ error: (issue) => (issue.input === undefined ? NOTIFICATION_MESSAGES.messageRequired : 'notificationText must be a string') })
  .max(NOTIFICATION_TEXT_MAX * 4 + 64, { message: `notificationText must be at most ${NOTIFICATION_TEXT_MAX} characters`, abort: true })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'notificationText must not contain control characters', abort: true })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, { message: NOTIFICATION_MESSAGES.messageRequired, abort: true })
      .max(NOTIFICATION_TEXT_MAX, { message: `notificationText must be at most ${NOTIFICATION_TEXT_MAX} characters` }),
  );

/**
 * `POST /user/addNotification` (spec §7.1): customerID and productID optional (empty means all). productID is the
 * parentChangeId `GET /document/getProductByCustomer/:id` answers for the family (our ids are uuids, not numbers).
 */
export const AddNotificationRequest = z
  .object({ customerID: optionalId('customerID'), productID: optionalId('productID'), notificationText })
  .refine((v) => v.productID === null || v.customerID !== null, { message: 'productID needs a customerID', path: ['productID'] });
export type AddNotificationRequest = z.input<typeof AddNotificationRequest>;

const notificationIdField = z.coerce
  .number({ error: 'id must be a notification number' })
  .int({ message: 'id must be a notification number' })
  .min(1, { message: 'id must be a notification number' })
  .max(2_147_483_647, { message: 'id must be a notification number' });

/** `POST /user/updateNotification`: the same plus `id`. */
export const UpdateNotificationRequest = z
  .object({ id: z.unknown().refine((v) => v !== undefined && v !== null && v !== '', { message: 'id is required', abort: true }).pipe(notificationIdField), customerID: optionalId('customerID'), productID: optionalId('productID'), notificationText })
  .refine((v) => v.productID === null || v.customerID !== null, { message: 'productID needs a customerID', path: ['productID'] });
export type UpdateNotificationRequest = z.input<typeof UpdateNotificationRequest>;

/** `DELETE /user/deleteNotification`: `id` in the body (as `DELETE /user/delete`) or the query string. */
export const DeleteNotificationRequest = z.object({
  id: z.unknown().refine((v) => v !== undefined && v !== null && v !== '', { message: 'id is required', abort: true }).pipe(notificationIdField),
});
export type DeleteNotificationRequest = z.input<typeof DeleteNotificationRequest>;

/** One notice as the list shows it (spec §3 Notification): names as they are now, null when the notice is for all. */
export const Notification = z.object({
  id: z.number(),
  notificationText: z.string(),
  customerID: z.string().nullable(),
  productID: z.string().nullable(),
  customerName: z.string().nullable(),
  productName: z.string().nullable(),
  version: z.number(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /user/listNotification/` */
export const NotificationListResponse = z.object({ list: z.array(Notification) });
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

/** Answer of add, update and delete: the spec's message and, except for delete, the notice as stored. */
export const NotificationChangeResponse = z.object({ message: z.string(), notification: Notification.optional() });
export type NotificationChangeResponse = z.infer<typeof NotificationChangeResponse>;

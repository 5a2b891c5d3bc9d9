import type { NotificationEvent } from '@ifu/contracts';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { type Row, rowProjection } from '../row-projection';

/** A row of `notifications` as stored (its `id` is the stream's, `notification-<n>`). */
export interface NotificationRow extends Row {
  notification_id: number;
  notification_text: string;
  customer_id: string | null;
  product_id: string | null;
  deleted: boolean;
  created_at: string | Date;
}

/** Notices: Manage Notification and the notices of the public pages (spec §2.5). */
export const notificationsProjection = rowProjection<NotificationRow>({
  name: 'notifications',
  table: 'notifications',
  migrationsDirectory: new URL('./migrations', import.meta.url),
  handles: ['NotificationAdded', 'NotificationUpdated', 'NotificationDeleted'] satisfies NotificationEvent['type'][],
  rowId: (event) => `notification-${(event.data as { notificationId: number }).notificationId}`,
  evolve(row, recorded: ProjectedEvent) {
    const event = { type: recorded.type, data: recorded.data } as NotificationEvent;
    switch (event.type) {
      case 'NotificationAdded':
        return (
          row ?? {
            id: `notification-${event.data.notificationId}`,
            notification_id: event.data.notificationId,
            notification_text: event.data.notificationText,
            customer_id: event.data.customerId,
            product_id: event.data.productId,
            deleted: false,
            created_at: recorded.recordedAt,
            stream_version: recorded.streamVersion,
          }
        );
      case 'NotificationUpdated':
        return row && { ...row, notification_text: event.data.notificationText, customer_id: event.data.customerId, product_id: event.data.productId };
      case 'NotificationDeleted':
        return row && { ...row, deleted: true };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});

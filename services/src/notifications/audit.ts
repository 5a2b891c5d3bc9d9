import type { NotificationEvent, NotificationNumberEvent } from '@ifu/contracts';
import { auditVocabulary, changedFields } from '../platform/audit-vocabulary';

const scopeOf = (d: { customerId: string | null; productId: string | null }) =>
  d.customerId === null ? 'all customers' : d.productId === null ? `customer ${d.customerId}` : `customer ${d.customerId}, product ${d.productId}`;

/** How notices read in the audit report. */
export const notificationsVocabulary = auditVocabulary<NotificationEvent | NotificationNumberEvent>(
  [
    { prefix: 'notification-numbers', type: 'notification numbers' },
    { prefix: 'notification-', type: 'notification' },
  ],
  {
    NotificationNumberAssigned: (d) => ({ action: `Assigned notification number ${d.notificationId}` }),
    NotificationAdded: (d) => ({ action: `Added notification for ${scopeOf(d)}`, subjectName: `Notification ${d.notificationId}`, reason: d.notificationText }),
    NotificationUpdated: (d) => ({ action: `Updated notification: ${changedFields(d.changed)}; now for ${scopeOf(d)}`, subjectName: `Notification ${d.notificationId}`, reason: d.notificationText }),
    NotificationDeleted: (d) => ({ action: 'Deleted notification', subjectName: `Notification ${d.notificationId}` }),
  },
);

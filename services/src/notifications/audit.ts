import type { NotificationEvent, NotificationNumberEvent } from '@ifu/contracts';
import { auditVocabulary, type AuditWords, changedFields } from '../platform/audit-vocabulary';

/** Whom a notice is for, by the customer's name and the product's change order (number and product name). */
const scopeOf = (words: AuditWords, d: { customerId: string | null; productId: string | null }) =>
  d.customerId === null
    ? 'all customers'
    : d.productId === null
      ? `customer ${words.name('customer', d.customerId)}`
      : `customer ${words.name('customer', d.customerId)}, product ${words.name('changeOrder', d.productId)}`;

/** How notices read in the audit report. */
export const notificationsVocabulary = auditVocabulary<NotificationEvent | NotificationNumberEvent>(
  [
    { prefix: 'notification-numbers', type: 'notification numbers' },
    { prefix: 'notification-', type: 'notification' },
  ],
  {
    NotificationNumberAssigned: (d) => ({ action: `Assigned notification number ${d.notificationId}` }),
    NotificationAdded: (d, words) => ({ action: `Added notification for ${scopeOf(words, d)}`, subjectName: `Notification ${d.notificationId}`, reason: d.notificationText }),
    NotificationUpdated: (d, words) => ({
      action: `Updated notification: ${changedFields(words, 'notice', d.changed)}; now for ${scopeOf(words, d)}`,
      subjectName: `Notification ${d.notificationId}`,
      reason: d.notificationText,
    }),
    NotificationDeleted: (d) => ({ action: 'Deleted notification', subjectName: `Notification ${d.notificationId}` }),
  },
);

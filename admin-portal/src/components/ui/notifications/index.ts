export { Notifications } from './notifications';
export { dismissNotification, notify, useNotifications } from './notifications-store';
export type { Notification, NotificationType } from './notifications-store';

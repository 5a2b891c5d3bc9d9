import { useSyncExternalStore } from 'react';

export type NotificationType = 'success' | 'error' | 'info' | 'warning';
export type Notification = { id: number; type: NotificationType; message: string; durationMs: number };

/** Toasts disappear after about 4 seconds (spec §2.13). */
export const NOTIFICATION_DURATION_MS = 4_000;

let notifications: Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const dismissNotification = (id: number) => {
  notifications = notifications.filter((notification) => notification.id !== id);
  emit();
};

/**
 * Shows a toast for `durationMs` (about 4 seconds unless a screen's own timing applies, spec §9);
 * it survives navigation, so a screen may notify and move on.
 */
export const notify = (type: NotificationType, message: string, { durationMs = NOTIFICATION_DURATION_MS } = {}) => {
  const id = nextId;
  nextId += 1;
  notifications = [...notifications, { id, type, message, durationMs }];
  emit();
  return id;
};

export const useNotifications = () => useSyncExternalStore(subscribe, () => notifications);

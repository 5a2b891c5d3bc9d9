import { notify } from '@/components/ui/notifications';
import type { NotificationType } from '@/components/ui/notifications';
import { TIMINGS } from '@/config/timings';

/** Manage User's toasts last 2 seconds (spec §9). */
export const notifyUserScreen = (type: NotificationType, message: string) =>
  notify(type, message, { durationMs: TIMINGS.userScreenMessageMs });

import { NotificationListResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** Every notification query lives under this key: a change to a notice invalidates them all. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/**
 * GET /user/listNotification/: every notice (spec §7.1), global, customer-wide and product-specific, with the customer
 * and product names as they are now (null when the notice is for all). The list is whole: the grid pages it here.
 */
export const getNotifications = ({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationListResponse> =>
  api.get('/user/listNotification/', { schema: NotificationListResponse, signal });

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'], queryFn: ({ signal }) => getNotifications({ signal }) });

type UseNotificationsOptions = { queryConfig?: QueryConfig<typeof getNotificationsQueryOptions> };

export const useNotificationList = ({ queryConfig }: UseNotificationsOptions = {}) =>
  useQuery({ ...getNotificationsQueryOptions(), ...queryConfig });

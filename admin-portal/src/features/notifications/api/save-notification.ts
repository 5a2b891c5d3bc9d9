import { NotificationChangeResponse } from '@ifu/contracts';
import type { AddNotificationRequest, UpdateNotificationRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';

/**
 * POST /user/addNotification with { customerID, productID, notificationText } (spec §7.1): null (or '') customer or
 * product means all; productID is the product family's parentChangeId.
 */
export const addNotification = ({ data }: { data: AddNotificationRequest }): Promise<NotificationChangeResponse> =>
  api.post('/user/addNotification', data, { schema: NotificationChangeResponse });

/** POST /user/updateNotification: the same plus `id`; `version` (the list row's) goes as If-Match. */
export const updateNotification = ({ data, version }: { data: UpdateNotificationRequest; version?: number }): Promise<NotificationChangeResponse> =>
  api.post('/user/updateNotification', data, { schema: NotificationChangeResponse, headers: ifMatch(version) });

type UseAddNotificationOptions = { mutationConfig?: MutationConfig<typeof addNotification> };

export const useAddNotification = ({ mutationConfig }: UseAddNotificationOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: addNotification,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

type UseUpdateNotificationOptions = { mutationConfig?: MutationConfig<typeof updateNotification> };

export const useUpdateNotification = ({ mutationConfig }: UseUpdateNotificationOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateNotification,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

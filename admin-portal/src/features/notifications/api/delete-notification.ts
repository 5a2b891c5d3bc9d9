import { NotificationChangeResponse } from '@ifu/contracts';
import type { DeleteNotificationRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';

/** DELETE /user/deleteNotification with body { id } (spec §7.1); `version` (the list row's) goes as If-Match. */
export const deleteNotification = ({ data, version }: { data: DeleteNotificationRequest; version?: number }): Promise<NotificationChangeResponse> =>
  api.delete('/user/deleteNotification', data, { schema: NotificationChangeResponse, headers: ifMatch(version) });

type UseDeleteNotificationOptions = { mutationConfig?: MutationConfig<typeof deleteNotification> };

export const useDeleteNotification = ({ mutationConfig }: UseDeleteNotificationOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteNotification,
    // Refused too: a notice deleted or changed meanwhile (404, 409) leaves the list showing what is stored now.
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
};

import { UserMutationResponse } from '@ifu/contracts';
import type { ReactivateUserRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { USERS_QUERY_KEY } from './get-users';

/**
 * POST /user/reactivate with body { id, username, password }: a deactivated user made active again, signed
 * with the admin's own credentials. `version` (the row's) goes as If-Match, which the server requires. The user's old
 * password stops working; the server mails them a set-password link.
 */
export const reactivateUser = ({ data, version }: { data: ReactivateUserRequest; version: number | undefined }): Promise<UserMutationResponse> =>
  api.post('/user/reactivate', data, { schema: UserMutationResponse, headers: ifMatch(version) });

type UseReactivateUserOptions = { mutationConfig?: MutationConfig<typeof reactivateUser> };

export const useReactivateUser = ({ mutationConfig }: UseReactivateUserOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: reactivateUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

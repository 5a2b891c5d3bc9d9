import { UserMutationResponse } from '@ifu/contracts';
import type { DeleteUserRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { USERS_QUERY_KEY } from './get-users';

/**
 * DELETE /user/delete with body { id, username, password, reason? }: a deactivation, signed with the admin's own credentials;
 * the user's sessions end at once. `version` (the row's) goes as If-Match, which the server requires: a user changed
 * meanwhile is not deactivated (409, saying what changed).
 */
export const deactivateUser = ({ data, version }: { data: DeleteUserRequest; version: number | undefined }): Promise<UserMutationResponse> =>
  api.delete('/user/delete', data, { schema: UserMutationResponse, headers: ifMatch(version) });

type UseDeactivateUserOptions = { mutationConfig?: MutationConfig<typeof deactivateUser> };

export const useDeactivateUser = ({ mutationConfig }: UseDeactivateUserOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deactivateUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

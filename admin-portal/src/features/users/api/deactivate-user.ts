import { UserMutationResponse } from '@ifu/contracts';
import type { DeleteUserRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { USERS_QUERY_KEY } from './get-users';

/** DELETE /user/delete with body { id }: a deactivation; the user's sessions end at once. */
export const deactivateUser = ({ data }: { data: DeleteUserRequest }): Promise<UserMutationResponse> =>
  api.delete('/user/delete', data, { schema: UserMutationResponse });

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

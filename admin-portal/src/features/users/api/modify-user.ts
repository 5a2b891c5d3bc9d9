import { UserMutationResponse } from '@ifu/contracts';
import type { ModifyUserRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { USERS_QUERY_KEY } from './get-users';

/** PUT /user/modify: id plus the user fields; `userActive: true` reactivates a deactivated user. */
export const modifyUser = ({ data }: { data: ModifyUserRequest }): Promise<UserMutationResponse> =>
  api.put('/user/modify', data, { schema: UserMutationResponse });

type UseModifyUserOptions = { mutationConfig?: MutationConfig<typeof modifyUser> };

export const useModifyUser = ({ mutationConfig }: UseModifyUserOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: modifyUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

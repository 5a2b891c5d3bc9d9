import { UserMutationResponse } from '@ifu/contracts';
import type { AddUserRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { USERS_QUERY_KEY } from './get-users';

/** POST /user/add: the new user is active, has no password, and is emailed a set-password link. */
export const addUser = ({ data }: { data: AddUserRequest }): Promise<UserMutationResponse> =>
  api.post('/user/add', data, { schema: UserMutationResponse });

type UseAddUserOptions = { mutationConfig?: MutationConfig<typeof addUser> };

export const useAddUser = ({ mutationConfig }: UseAddUserOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: addUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

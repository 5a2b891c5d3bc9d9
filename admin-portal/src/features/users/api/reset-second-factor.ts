import { MessageResponse } from '@ifu/contracts';
import type { ResetSecondFactorRequest } from '@ifu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ifMatch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { USERS_QUERY_KEY } from './get-users';

/**
 * POST /user/second-factor/reset with body { id, username, password }: another user's second factor
 * removed, signed with the admin's own credentials (meaning 'factor-reset') at the row's version (If-Match).
 */
export const resetSecondFactor = ({ data, version }: { data: ResetSecondFactorRequest; version: number | undefined }): Promise<MessageResponse> =>
  api.post('/user/second-factor/reset', data, { schema: MessageResponse, headers: ifMatch(version) });

type UseResetSecondFactorOptions = { mutationConfig?: MutationConfig<typeof resetSecondFactor> };

export const useResetSecondFactor = ({ mutationConfig }: UseResetSecondFactorOptions = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: resetSecondFactor,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
};

import { MessageResponse } from '@ifu/contracts';
import type { ChangePasswordRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/change/password: the logged-in user's own password, confirmed with the current one. */
export const changePassword = ({ data }: { data: ChangePasswordRequest }): Promise<MessageResponse> =>
  api.post('/user/change/password', data, { schema: MessageResponse });

type UseChangePasswordOptions = { mutationConfig?: MutationConfig<typeof changePassword> };

export const useChangePassword = ({ mutationConfig }: UseChangePasswordOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: changePassword });

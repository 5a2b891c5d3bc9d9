import { MessageResponse } from '@ifu/contracts';
import type { SetPasswordRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** POST /user/set/password: sets the password with the single-use token of the emailed link (not an authenticated call). */
export const setPassword = ({ data }: { data: SetPasswordRequest }): Promise<MessageResponse> =>
  api.post('/user/set/password', data, { auth: false, schema: MessageResponse });

type UseSetPasswordOptions = { mutationConfig?: MutationConfig<typeof setPassword> };

export const useSetPassword = ({ mutationConfig }: UseSetPasswordOptions = {}) =>
  useMutation({ ...mutationConfig, mutationFn: setPassword });

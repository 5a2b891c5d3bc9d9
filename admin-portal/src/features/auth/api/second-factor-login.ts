import { SessionResponse } from '@ifu/contracts';
import type { SecondFactorLoginRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

import { storeSession } from './get-token';

/** POST /user/get/token/second-factor: the login's code step; `message` is the bearer token. */
export const logInWithCode = ({ data }: { data: SecondFactorLoginRequest }): Promise<SessionResponse> =>
  api.post('/user/get/token/second-factor', data, { auth: false, schema: SessionResponse, withCookies: true });

type UseLogInWithCodeOptions = { mutationConfig?: MutationConfig<typeof logInWithCode> };

/** The code step: on success the session is stored before the caller's onSuccess runs. */
export const useLogInWithCode = ({ mutationConfig }: UseLogInWithCodeOptions = {}) => {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: logInWithCode,
    onSuccess: (response, ...args) => {
      storeSession(response);
      return onSuccess?.(response, ...args);
    },
  });
};

import { GetTokenResponse } from '@ifu/contracts';
import type { GetTokenRequest } from '@ifu/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { setSession } from '@/lib/app-state';
import type { MutationConfig } from '@/lib/react-query';

/**
 * POST /user/get/token: `message` is the bearer token (not an authenticated call). The browser's device cookie goes
 * with it and comes back renewed: a browser that signed in before is not locked out by guesses from elsewhere.
 */
export const getToken = ({ data }: { data: GetTokenRequest }): Promise<GetTokenResponse> =>
  api.post('/user/get/token', data, { auth: false, schema: GetTokenResponse, withCookies: true });

type UseGetTokenOptions = { mutationConfig?: MutationConfig<typeof getToken> };

/** Logs in: on success the session is stored before the caller's onSuccess runs. */
export const useGetToken = ({ mutationConfig }: UseGetTokenOptions = {}) => {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: getToken,
    onSuccess: (response, ...args) => {
      setSession({
        token: response.message,
        role: response.role,
        id: response.id,
        email: response.email,
        firstName: response.firstName,
        lastName: response.lastName,
        ...(response.isTrainingCompleted === undefined ? {} : { isTrainingCompleted: response.isTrainingCompleted }),
      });
      return onSuccess?.(response, ...args);
    },
  });
};

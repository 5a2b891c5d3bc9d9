import { GetTokenResponse } from '@ifu/contracts';
import type { GetTokenRequest, SessionResponse } from '@ifu/contracts';
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

/** Stores the session a login answered (the password step's, or the code step's). */
export const storeSession = (response: SessionResponse) =>
  setSession({
    token: response.message,
    role: response.role,
    id: response.id,
    email: response.email,
    firstName: response.firstName,
    lastName: response.lastName,
    secondFactorRequired: response.secondFactorEnrolmentRequired === true,
    ...(response.isTrainingCompleted === undefined ? {} : { isTrainingCompleted: response.isTrainingCompleted }),
  });

/**
 * Logs in: on success the session is stored before the caller's onSuccess runs. For an account with a second factor
 * the answer is a challenge instead, and no session is stored: the code step follows.
 */
export const useGetToken = ({ mutationConfig }: UseGetTokenOptions = {}) => {
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: getToken,
    onSuccess: (response, ...args) => {
      if (!('secondFactorRequired' in response)) storeSession(response);
      return onSuccess?.(response, ...args);
    },
  });
};

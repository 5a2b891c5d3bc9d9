import { MessageResponse } from '@ifu/contracts';
import type { SetPasswordLinkCheckRequest } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * POST /user/set/password/check: whether the emailed link still works (400 when used, expired or unknown); it records
 * nothing and names no account. Not an authenticated call.
 */
export const checkPasswordLink = ({ data, signal }: { data: SetPasswordLinkCheckRequest; signal?: AbortSignal }): Promise<MessageResponse> =>
  api.post('/user/set/password/check', data, { auth: false, schema: MessageResponse, signal });

export const checkPasswordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'password-link', token],
    queryFn: ({ signal }) => checkPasswordLink({ data: { token }, signal }),
    // A spent or expired link is said at once; asked once per page (a link does not come back to life).
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const usePasswordLinkCheck = (token: string) => useQuery(checkPasswordLinkQueryOptions(token));

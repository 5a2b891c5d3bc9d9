import { UserListResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /user/list/user: every user, active or not (ADMIN only). */
export const getUsers = ({ signal }: { signal?: AbortSignal } = {}): Promise<UserListResponse> =>
  api.get('/user/list/user', { schema: UserListResponse, signal });

export const USERS_QUERY_KEY = ['users'] as const;

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: ({ signal }) => getUsers({ signal }) });

type UseUsersOptions = { queryConfig?: QueryConfig<typeof getUsersQueryOptions> };

export const useUsers = ({ queryConfig }: UseUsersOptions = {}) => useQuery({ ...getUsersQueryOptions(), ...queryConfig });

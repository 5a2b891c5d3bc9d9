import { UserListResponse } from '@ifu/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ListParams } from '@/components/ui/spec-data-grid';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** ACTIVE USERS asks for active users only; ALL USERS for everyone. */
export type UserListParams = ListParams & { status?: 'ACTIVE' };

/** GET /user/list/user with paging: one page of users, sorted and searched on the server, and the total (ADMIN only). */
export const getUsers = ({ params, signal }: { params: UserListParams; signal?: AbortSignal }): Promise<UserListResponse> =>
  api.get('/user/list/user', { schema: UserListResponse, params: { ...params }, signal });

export const USERS_QUERY_KEY = ['users'] as const;

export const getUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...USERS_QUERY_KEY, params],
    queryFn: ({ signal }) => getUsers({ params, signal }),
    // The grid keeps the last page and its row count on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

type UseUsersOptions = { params: UserListParams; queryConfig?: QueryConfig<typeof getUsersQueryOptions> };

export const useUsers = ({ params, queryConfig }: UseUsersOptions) => useQuery({ ...getUsersQueryOptions(params), ...queryConfig });

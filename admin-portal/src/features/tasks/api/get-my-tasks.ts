import { MyTasksCountResponse, MyTasksResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** Every tasks query lives under this key: any successful command refreshes them (app/provider.tsx). */
export const TASKS_QUERY_KEY = ['tasks'] as const;

/**
 * How often the side menu asks for the count while the tab is visible. Each ask keeps the server session alive, but
 * only as long as the portal's own 10-minute inactivity timer (spec §4) lets this page live: it counts a person's
 * input, not these calls.
 */
export const TASK_COUNT_REFRESH_MS = 60_000;

/** GET /tasks/mine: the newest first, each with its link. */
export const getMyTasks = ({ signal }: { signal?: AbortSignal } = {}): Promise<MyTasksResponse> => api.get('/tasks/mine', { schema: MyTasksResponse, signal });

export const getMyTasksQueryOptions = () =>
  // Always asked again when the screen opens: a task another person's command made or ended shows at once.
  queryOptions({ queryKey: [...TASKS_QUERY_KEY, 'mine'], queryFn: ({ signal }) => getMyTasks({ signal }), staleTime: 0 });

export const useMyTasks = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getMyTasksQueryOptions> } = {}) =>
  useQuery({ ...getMyTasksQueryOptions(), ...queryConfig });

/** GET /tasks/mine/count: the side menu's number. */
export const getMyTaskCount = ({ signal }: { signal?: AbortSignal } = {}): Promise<MyTasksCountResponse> =>
  api.get('/tasks/mine/count', { schema: MyTasksCountResponse, signal });

export const getMyTaskCountQueryOptions = () =>
  queryOptions({
    queryKey: [...TASKS_QUERY_KEY, 'count'],
    queryFn: ({ signal }) => getMyTaskCount({ signal }),
    staleTime: 0,
    refetchInterval: TASK_COUNT_REFRESH_MS,
  });

export const useMyTaskCount = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getMyTaskCountQueryOptions> } = {}) =>
  useQuery({ ...getMyTaskCountQueryOptions(), ...queryConfig });

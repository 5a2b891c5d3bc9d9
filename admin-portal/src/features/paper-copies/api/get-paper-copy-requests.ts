import { PaperCopyListResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** Every paper-copy query lives under this key: a dispatch invalidates them all. */
export const PAPER_COPIES_QUERY_KEY = ['paper-copies'] as const;

export type PaperCopyStatusFilter = 'open' | 'all';

/** GET /paperCopyRequests?status=open|all: by urgency, overdue ones marked by the server. */
export const getPaperCopyRequests = ({ status, signal }: { status: PaperCopyStatusFilter; signal?: AbortSignal }): Promise<PaperCopyListResponse> =>
  api.get(`/paperCopyRequests?status=${status}`, { schema: PaperCopyListResponse, signal });

export const getPaperCopyRequestsQueryOptions = (status: PaperCopyStatusFilter) =>
  queryOptions({ queryKey: [...PAPER_COPIES_QUERY_KEY, 'list', status], queryFn: ({ signal }) => getPaperCopyRequests({ status, signal }) });

type Options = { status: PaperCopyStatusFilter; queryConfig?: QueryConfig<typeof getPaperCopyRequestsQueryOptions> };

export const usePaperCopyRequests = ({ status, queryConfig }: Options) => useQuery({ ...getPaperCopyRequestsQueryOptions(status), ...queryConfig });

import { DocumentListResponse } from '@ifu/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ListParams } from '@/components/ui/spec-data-grid';
import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** Every document query lives under this key: a change to a change order invalidates them all. */
export { DOCUMENTS_QUERY_KEY };

/** The two tabs of the documents list (spec §2.7): 'Documents' shows only change orders pending approval. */
export type DocumentListTab = 'pending' | 'all';

/** `review: 'overdue'` lists only the change orders whose periodic review date has passed unreviewed. */
export type DocumentListParams = ListParams & { tab: DocumentListTab; review?: 'overdue' };

/**
 * GET /document/getDocumentList: one page of change orders (the spec's `data.list`) and the total, paged, sorted and
 * searched on the server.
 */
export const getDocumentList = ({ params, signal }: { params: DocumentListParams; signal?: AbortSignal }): Promise<DocumentListResponse> =>
  api.get('/document/getDocumentList', { schema: DocumentListResponse, params: { ...params }, signal });

export const getDocumentListQueryOptions = (params: DocumentListParams) =>
  queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getDocumentList({ params, signal }),
    // The grid keeps the last page and its row count on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

type UseDocumentListOptions = { params: DocumentListParams; queryConfig?: QueryConfig<typeof getDocumentListQueryOptions> };

export const useDocumentList = ({ params, queryConfig }: UseDocumentListOptions) =>
  useQuery({ ...getDocumentListQueryOptions(params), ...queryConfig });

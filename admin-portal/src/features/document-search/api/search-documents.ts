import { SearchDocumentsResponse } from '@ifu/contracts';
import type { SearchDocumentsRequest } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/**
 * POST /document/searchDocuments/ (spec §2.8, §7.3): the documents that match, best match first (at most
 * SEARCH_RESULTS_MAX), each with the snippet of where its words matched; an empty list comes with 'No Data Found'.
 */
export const searchDocuments = ({ data, signal }: { data: SearchDocumentsRequest; signal?: AbortSignal }): Promise<SearchDocumentsResponse> =>
  api.post('/document/searchDocuments/', data, { schema: SearchDocumentsResponse, signal });

/** Kept under the documents' key: a decision or an edit of a change order makes a shown search ask again. */
export const searchDocumentsQueryOptions = (request: SearchDocumentsRequest) =>
  queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'search', request],
    queryFn: ({ signal }) => searchDocuments({ data: request, signal }),
  });

type UseSearchDocumentsOptions = {
  /** The search submitted; nothing is asked before there is one. */
  request: SearchDocumentsRequest | undefined;
  queryConfig?: QueryConfig<typeof searchDocumentsQueryOptions>;
};

export const useSearchDocuments = ({ request, queryConfig }: UseSearchDocumentsOptions) =>
  useQuery({ ...searchDocumentsQueryOptions(request ?? {}), enabled: request !== undefined, ...queryConfig });

import { ChangeOrderView } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

import { DOCUMENTS_QUERY_KEY } from './get-document-list';

/** The API signs file links for 10 minutes; the page asks for new ones well before. */
const FILE_LINK_RENEW_MS = 5 * 60_000;

/**
 * GET /document/get/:id: one change order with its children, by its parentChangeId or by one of its children's
 * childDocumentId. `version` is its ETag: the version a signed change sends back as If-Match.
 */
export const getChangeOrder = ({ id, signal }: { id: string; signal?: AbortSignal }): Promise<ChangeOrderView> =>
  // Never from the HTTP cache: what the caller has opened changes the answer but not its ETag (the stream version).
  api.get(`/document/get/${encodeURIComponent(id)}`, { schema: ChangeOrderView, signal, cache: 'no-store' });

export const getChangeOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getChangeOrder({ id, signal }),
    // Its file links are signed for a short while only (10 minutes): a page shown again asks for fresh ones, and a
    // page left open renews them before they lapse.
    staleTime: 0,
    refetchInterval: FILE_LINK_RENEW_MS,
  });

type UseChangeOrderOptions = { id: string; queryConfig?: QueryConfig<typeof getChangeOrderQueryOptions> };

export const useChangeOrder = ({ id, queryConfig }: UseChangeOrderOptions) =>
  useQuery({ ...getChangeOrderQueryOptions(id), ...queryConfig });

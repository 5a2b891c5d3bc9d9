import { ChangeOrderView } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** Every document query lives under this key: a change to a document invalidates them all. */
export { DOCUMENTS_QUERY_KEY };

/**
 * GET /document/get/:id: the change order, by its parentChangeId or by the childDocumentId of one of its children
 * (Edit child is reached by the child's id). Its `version` is the ETag an edit sends back as If-Match.
 */
export const getChangeOrder = ({ id, signal }: { id: string; signal?: AbortSignal }): Promise<ChangeOrderView> =>
  // Never from the HTTP cache: what the caller has opened changes the answer but not its ETag (the stream version).
  api.get(`/document/get/${encodeURIComponent(id)}`, { schema: ChangeOrderView, signal, cache: 'no-store' });

/** GET /document/getSingleParentById/:id: the change order for Edit parent. */
export const getSingleParent = ({ id, signal }: { id: string; signal?: AbortSignal }): Promise<ChangeOrderView> =>
  api.get(`/document/getSingleParentById/${encodeURIComponent(id)}`, { schema: ChangeOrderView, signal, cache: 'no-store' });

const authoringKey = (call: 'get' | 'parent', id: string) => [...DOCUMENTS_QUERY_KEY, 'authoring', call, id] as const;

export const getChangeOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: authoringKey('get', id), queryFn: ({ signal }) => getChangeOrder({ id, signal }), staleTime: 0 });

export const getSingleParentQueryOptions = (id: string) =>
  queryOptions({ queryKey: authoringKey('parent', id), queryFn: ({ signal }) => getSingleParent({ id, signal }), staleTime: 0 });

type Options<T extends (id: string) => unknown> = { id: string; queryConfig?: QueryConfig<T> };

export const useChangeOrder = ({ id, queryConfig }: Options<typeof getChangeOrderQueryOptions>) =>
  useQuery({ ...getChangeOrderQueryOptions(id), ...queryConfig });

export const useSingleParent = ({ id, queryConfig }: Options<typeof getSingleParentQueryOptions>) =>
  useQuery({ ...getSingleParentQueryOptions(id), ...queryConfig });

/** After a change: the answer's change order is the newest one (its version too); every other document query is stale. */
export const changeOrderChanged = async (queryClient: QueryClient, document: ChangeOrderView) => {
  await queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY, refetchType: 'none' });
  queryClient.setQueryData(authoringKey('parent', document.parentChangeId), document);
};

import { type AuditRecordKind, RecordHistoryResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export const AUDIT_REVIEW_QUERY_KEY = ['audit-review'] as const;

/** Which record, and which of its entries to list (dates as DD-MMM-YYYY, the actor's email, an event type). */
export type HistoryRequest = { kind: AuditRecordKind; id: string; from?: string; to?: string; actor?: string; type?: string };

/** GET /audit/history/:kind/:id: the record's whole history from the log (ADMIN only). */
export const getRecordHistory = ({ request, signal }: { request: HistoryRequest; signal?: AbortSignal }): Promise<RecordHistoryResponse> =>
  api.get(`/audit/history/${encodeURIComponent(request.kind)}/${encodeURIComponent(request.id)}`, {
    schema: RecordHistoryResponse,
    params: { from: request.from || undefined, to: request.to || undefined, actor: request.actor || undefined, type: request.type || undefined },
    signal,
  });

export const getRecordHistoryQueryOptions = (request: HistoryRequest) =>
  queryOptions({
    queryKey: [...AUDIT_REVIEW_QUERY_KEY, 'history', request],
    queryFn: ({ signal }) => getRecordHistory({ request, signal }),
    // An unknown record or a refused filter is said at once, not retried.
    retry: false,
  });

type UseRecordHistoryOptions = { request: HistoryRequest | undefined; queryConfig?: QueryConfig<typeof getRecordHistoryQueryOptions> };

export const useRecordHistory = ({ request, queryConfig }: UseRecordHistoryOptions) =>
  useQuery({
    ...getRecordHistoryQueryOptions(request ?? { kind: 'changeOrder', id: '' }),
    enabled: request !== undefined,
    ...queryConfig,
  });

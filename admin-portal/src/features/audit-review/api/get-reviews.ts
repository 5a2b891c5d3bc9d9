import { AuditTrailReviewsResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

import { AUDIT_REVIEW_QUERY_KEY } from './get-record-history';

/** GET /audit/reviews: the signed reviews, and the stretches of the log's time that none covers (ADMIN only). */
export const getReviews = ({ signal }: { signal?: AbortSignal } = {}): Promise<AuditTrailReviewsResponse> =>
  api.get('/audit/reviews', { schema: AuditTrailReviewsResponse, signal });

export const getReviewsQueryOptions = () =>
  queryOptions({ queryKey: [...AUDIT_REVIEW_QUERY_KEY, 'reviews'], queryFn: ({ signal }) => getReviews({ signal }) });

export const useReviews = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getReviewsQueryOptions> } = {}) =>
  useQuery({ ...getReviewsQueryOptions(), ...queryConfig });

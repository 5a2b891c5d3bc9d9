import { ApproverListResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /user/approvers: the active, non-deleted ADMINs other than the caller (spec §5, approver choices). */
export const getApprovers = ({ signal }: { signal?: AbortSignal } = {}): Promise<ApproverListResponse> =>
  api.get('/user/approvers', { schema: ApproverListResponse, signal });

export const getApproversQueryOptions = () =>
  queryOptions({ queryKey: ['approvers'], queryFn: ({ signal }) => getApprovers({ signal }) });

type UseApproversOptions = { queryConfig?: QueryConfig<typeof getApproversQueryOptions> };

export const useApprovers = ({ queryConfig }: UseApproversOptions = {}) =>
  useQuery({ ...getApproversQueryOptions(), ...queryConfig });

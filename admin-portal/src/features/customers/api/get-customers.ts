import { CustomerListResponse } from '@ifu/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import type { ListParams } from '@/components/ui/spec-data-grid';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** Every customer query lives under this key: a change to a customer invalidates them all. */
export const CUSTOMERS_QUERY_KEY = ['customers'] as const;

export type CustomerList = z.infer<typeof CustomerListResponse>;

/**
 * GET /customer/list/ with paging: one page of customers (approver, status, signed decision, search URL, whether the
 * viewer may decide), sorted and searched on the server, and the total.
 */
export const getCustomers = ({ params, signal }: { params: ListParams; signal?: AbortSignal }): Promise<CustomerList> =>
  api.get('/customer/list/', { schema: CustomerListResponse, params: { ...params }, signal });

export const getCustomersQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getCustomers({ params, signal }),
    // The grid keeps the last page and its row count on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

type UseCustomersOptions = { params: ListParams; queryConfig?: QueryConfig<typeof getCustomersQueryOptions> };

export const useCustomers = ({ params, queryConfig }: UseCustomersOptions) => useQuery({ ...getCustomersQueryOptions(params), ...queryConfig });

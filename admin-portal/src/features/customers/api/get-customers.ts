import { CustomerListResponse } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** Every customer query lives under this key: a change to a customer invalidates them all. */
export const CUSTOMERS_QUERY_KEY = ['customers'] as const;

export type CustomerList = z.infer<typeof CustomerListResponse>;

/** GET /customer/list/: every customer with its approver, status, signed decision and search URL. */
export const getCustomers = ({ signal }: { signal?: AbortSignal } = {}): Promise<CustomerList> =>
  api.get('/customer/list/', { schema: CustomerListResponse, signal });

export const getCustomersQueryOptions = () =>
  queryOptions({ queryKey: [...CUSTOMERS_QUERY_KEY, 'list'], queryFn: ({ signal }) => getCustomers({ signal }) });

type UseCustomersOptions = { queryConfig?: QueryConfig<typeof getCustomersQueryOptions> };

export const useCustomers = ({ queryConfig }: UseCustomersOptions = {}) =>
  useQuery({ ...getCustomersQueryOptions(), ...queryConfig });

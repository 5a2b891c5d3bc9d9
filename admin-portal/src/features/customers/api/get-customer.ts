import { CustomerView } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

import { CUSTOMERS_QUERY_KEY } from './get-customers';

/** GET /customer/get/:id: one customer, for the edit form. */
export const getCustomer = ({ id, signal }: { id: string; signal?: AbortSignal }): Promise<CustomerView> =>
  api.get(`/customer/get/${encodeURIComponent(id)}`, { schema: CustomerView, signal });

export const getCustomerQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CUSTOMERS_QUERY_KEY, 'detail', id], queryFn: ({ signal }) => getCustomer({ id, signal }) });

type UseCustomerOptions = { id: string; queryConfig?: QueryConfig<typeof getCustomerQueryOptions> };

export const useCustomer = ({ id, queryConfig }: UseCustomerOptions) =>
  useQuery({ ...getCustomerQueryOptions(id), ...queryConfig });

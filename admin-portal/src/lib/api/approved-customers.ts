import { CustomerSummaryListResponse } from '@ifu/contracts';
import type { CustomerSummary } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * GET /customer/list/ (the whole list) narrowed to APPROVED customers: only they may receive documents. An ADMIN gets
 * whole customer records and a USER summaries; the summary's fields are in both.
 */
export const getApprovedCustomers = async ({ signal }: { signal?: AbortSignal } = {}): Promise<CustomerSummary[]> => {
  const { customerList } = await api.get('/customer/list/', { schema: CustomerSummaryListResponse, signal });
  return customerList
    .filter((customer) => customer.status === 'APPROVED')
    .sort((a, b) => a.customerName.localeCompare(b.customerName));
};

export const getApprovedCustomersQueryOptions = () =>
  queryOptions({ queryKey: ['customers', 'approved'], queryFn: ({ signal }) => getApprovedCustomers({ signal }) });

export const useApprovedCustomers = () => useQuery(getApprovedCustomersQueryOptions());

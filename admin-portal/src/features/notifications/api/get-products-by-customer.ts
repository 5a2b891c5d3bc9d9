import { ProductsByCustomerResponse } from '@ifu/contracts';
import type { ProductFamily } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';

/**
 * GET /document/getProductByCustomer/:customerId: the customer's approved product families, one per family name, each
 * with the parentChangeId of its latest approved change order (what a product notice names as productID).
 */
export const getProductsByCustomer = async ({ customerId, signal }: { customerId: string; signal?: AbortSignal }): Promise<ProductFamily[]> => {
  const { data } = await api.get(`/document/getProductByCustomer/${encodeURIComponent(customerId)}`, {
    schema: ProductsByCustomerResponse,
    signal,
  });
  return data.list;
};

/** Under the documents' key: an approval changes a customer's families. */
export const getProductsByCustomerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'products-by-customer', customerId],
    queryFn: ({ signal }) => getProductsByCustomer({ customerId, signal }),
    enabled: customerId !== '',
  });

/** The product families of a customer; nothing is asked while no customer is chosen. */
export const useProductsByCustomer = (customerId: string) => useQuery(getProductsByCustomerQueryOptions(customerId));

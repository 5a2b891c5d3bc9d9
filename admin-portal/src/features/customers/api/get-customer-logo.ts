import type { CustomerView } from '@ifu/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getEnv } from '@/config/env';
import { useObjectUrl } from '@/hooks/use-object-url';
import { api } from '@/lib/api-client';

import { CUSTOMERS_QUERY_KEY } from './get-customers';

type LogoOwner = Pick<CustomerView, 'id' | 'logoUrl'>;

/**
 * The API path of a customer's logo. `logoUrl` is absolute, built from the API's public address; when that is the
 * address this app calls, its path is used as given, otherwise the logo route of the customer.
 */
export const logoPath = ({ id, logoUrl }: LogoOwner, route = '/customer/logo'): string => {
  const base = getEnv().apiUrl;
  if (logoUrl?.startsWith(`${base}/`)) return logoUrl.slice(base.length);
  return `${route}/${encodeURIComponent(id)}`;
};

/** The logo a pending change brings: GET /customer/pendingLogo/:id, staff only. */
export const pendingLogoOwner = (customer: Pick<CustomerView, 'id' | 'pendingChange'>): LogoOwner | undefined => {
  const logoUrl = customer.pendingChange?.logoUrl;
  if (!logoUrl) return undefined;
  return { id: customer.id, logoUrl: `${getEnv().apiUrl}${logoPath({ id: customer.id, logoUrl }, '/customer/pendingLogo')}` };
};

/** GET /customer/logo/:id with the bearer token: the image bytes. */
export const getCustomerLogo = async (customer: LogoOwner, signal?: AbortSignal): Promise<Blob> =>
  (await api.getFile(logoPath(customer), { accept: 'image/*', signal })).blob;

export const getCustomerLogoQueryOptions = (customer: LogoOwner) =>
  queryOptions({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'logo', customer.id, customer.logoUrl],
    queryFn: ({ signal }) => getCustomerLogo(customer, signal),
    enabled: customer.logoUrl !== null,
    staleTime: 5 * 60_000,
  });

/**
 * The logo of a customer as an object URL: the logo route needs the bearer token, which an <img src> cannot send,
 * so the image is fetched through the API client.
 */
export const useCustomerLogo = (customer: LogoOwner) => {
  const query = useQuery(getCustomerLogoQueryOptions(customer));
  return { ...query, url: useObjectUrl(query.data) };
};

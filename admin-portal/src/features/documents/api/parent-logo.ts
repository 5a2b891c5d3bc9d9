import { useQuery } from '@tanstack/react-query';

import { getEnv } from '@/config/env';
import { useObjectUrl } from '@/features/customers/api/get-customer-logo';
import { api } from '@/lib/api-client';

import { DOCUMENTS_QUERY_KEY } from './change-order';

/**
 * A change order's logo (`parentDocumentLogoUrl`) as an object URL: under the API's address it is fetched with the
 * bearer token (an <img src> sends none); any other address is shown as it is.
 */
export const useParentLogo = (logoUrl: string | null) => {
  const base = getEnv().apiUrl;
  const viaApi = logoUrl !== null && logoUrl.startsWith(`${base}/`);
  const query = useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'logo', logoUrl],
    queryFn: async ({ signal }) => (await api.getFile(logoUrl!.slice(base.length), { accept: 'image/*', signal })).blob,
    enabled: viaApi,
    staleTime: 5 * 60_000,
  });
  const objectUrl = useObjectUrl(query.data);
  return { url: viaApi ? objectUrl : (logoUrl ?? undefined), loading: viaApi && query.isPending };
};

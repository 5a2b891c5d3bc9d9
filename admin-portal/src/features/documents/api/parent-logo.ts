import { useQuery } from '@tanstack/react-query';

import { getEnv } from '@/config/env';
import { useObjectUrl } from '@/hooks/use-object-url';
import { api } from '@/lib/api-client';

import { DOCUMENTS_QUERY_KEY } from './change-order';

/**
 * A signed file link of the API (`/files/<sha256>?...`) on the address this app reaches the API at (`/config.json`):
 * the server builds its links from its own public address, which a test or a proxy may name differently.
 */
export const apiFileLink = (url: string): string => {
  try {
    const parsed = new URL(url, getEnv().apiUrl);
    return parsed.pathname.startsWith('/files/') ? `${getEnv().apiUrl}${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
};

/**
 * A change order's logo (`parentDocumentLogoUrl`, a signed link) as an object URL, fetched through the API client
 * (the logo shows even where the page's image policy names the API by another host name).
 */
export const useParentLogo = (logoUrl: string | null) => {
  const query = useQuery({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'logo', logoUrl],
    queryFn: async ({ signal }) => {
      const link = apiFileLink(logoUrl!);
      const base = getEnv().apiUrl;
      const path = link.startsWith(`${base}/`) ? link.slice(base.length) : link;
      return (await api.getFile(path, { accept: 'image/*', auth: false, signal })).blob;
    },
    enabled: logoUrl !== null,
    staleTime: 60_000,
  });
  return { url: useObjectUrl(query.data), loading: logoUrl !== null && query.isPending };
};

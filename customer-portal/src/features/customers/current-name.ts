import type { CustomerNameResponse } from '@ifu/contracts/public';
import { useEffect } from 'react';
import { useNavigate } from '../../lib/navigation';
import { useConfig } from '../../config/config-context';
import { paths } from '../../config/paths';

/** The answer's shape, checked by hand: the portal's first page carries no validation library (bundle budget). */
const isCustomerName = (value: unknown): value is CustomerNameResponse =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CustomerNameResponse).customerName === 'string' &&
  typeof (value as CustomerNameResponse).renamed === 'boolean';

/** GET /module2/customerName/:name: the approved customer's current name, by its name or a former one. */
export async function fetchCurrentCustomerName(apiUrl: string, name: string, signal?: AbortSignal): Promise<CustomerNameResponse | undefined> {
  const response = await fetch(`${apiUrl}/module2/customerName/${encodeURIComponent(name)}`, { signal });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  return isCustomerName(body) ? body : undefined;
}

/**
 * A customer's public URL keeps working after a rename: the page under a former name moves,
 * without a new history entry, to the current name's page.
 */
export function useRedirectFromFormerName(customerName: string): void {
  const { apiUrl } = useConfig();
  const navigate = useNavigate();
  useEffect(() => {
    if (!customerName) return;
    const controller = new AbortController();
    fetchCurrentCustomerName(apiUrl, customerName, controller.signal)
      .then((current) => {
        if (current?.renamed) navigate(paths.docSearch.getHref(current.customerName), { replace: true });
      })
      // The page stays as it is when the API cannot answer; a visitor still sees it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [apiUrl, customerName, navigate]);
}

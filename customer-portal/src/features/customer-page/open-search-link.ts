import type { OpenSearchLinkResponse } from '@ifu/contracts/public';
import { callApi } from '../../lib/http';

/**
 * POST /module2/openSearchLink: for a customer with open access, the family's search page without an
 * email: its path and query on this portal, or undefined when it is refused (open access closed meanwhile: the page
 * then asks for an email as usual) or the network fails.
 */
export async function openSearchLink(apiUrl: string, customerName: string, parentChangeId: string): Promise<string | undefined> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/openSearchLink', { body: { customerName, parentChangeId } });
    if (status !== 200) return undefined;
    const url = new URL((body as OpenSearchLinkResponse).searchUrl);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

import type {
  AvailableIn,
  CheckSearchLinkResponse,
  GetDocumentUrlRequest,
  PublicDocument,
  PublicSearchRequest,
  SingleCustomerLogoResponse,
} from '@ifu/contracts/public';
import { callApi, isObject, messageOf } from '../../lib/http';
import { isNoticeList } from '../../components/notices';
import type { CustomerDocSearchParams } from '../../config/paths';

/** The calls of the search page (spec §7.4); each answer's shape is checked by hand (see lib/http.ts). */

const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const allStrings = (value: Record<string, unknown>, keys: readonly string[]) => keys.every((key) => typeof value[key] === 'string');

/** The refusals of a search link that is no longer valid: the visitor needs a new link, and can ask for it here. */
const LINK_REFUSALS: ReadonlySet<unknown> = new Set(['search-link-expired', 'search-link-invalid']);
const linkRefused = (status: number, body: unknown) => (status === 400 || status === 410) && isObject(body) && LINK_REFUSALS.has(body.code);

export type LinkCheck =
  | { kind: 'valid'; link: CheckSearchLinkResponse }
  /**
   * Refused (400 search-link-invalid, 410 search-link-expired, 404): the server's message says why; `renewable` when
   * a new link for the same family can help (the link expired or is not valid, not the family gone).
   */
  | { kind: 'refused'; message: string; renewable: boolean }
  | { kind: 'failed' };

/** POST /module2/checkSearchLink: whether the emailed link still opens, before the form shows. */
export async function checkSearchLink(apiUrl: string, link: CustomerDocSearchParams, signal?: AbortSignal): Promise<LinkCheck> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/checkSearchLink', { body: link, signal });
    if (status === 200 && isObject(body) && allStrings(body, ['customerName', 'productFamilyName', 'expiresAt'])) {
      return { kind: 'valid', link: body as CheckSearchLinkResponse };
    }
    const message = messageOf(body);
    return status >= 400 && status < 500 && message !== undefined ? { kind: 'refused', message, renewable: linkRefused(status, body) } : { kind: 'failed' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed' };
  }
}

/** GET /module2/singleCustomerLogoURL/:customerName/:parentChangeId: the logos and the product notice. */
export async function fetchLogos(apiUrl: string, link: CustomerDocSearchParams, signal?: AbortSignal): Promise<SingleCustomerLogoResponse | undefined> {
  const path = `/module2/singleCustomerLogoURL/${encodeURIComponent(link.customerName)}/${encodeURIComponent(link.parentChangeId)}`;
  const { status, body } = await callApi(apiUrl, path, { signal });
  return status === 200 &&
    isObject(body) &&
    isNullableString(body.logoUrl) &&
    isNullableString(body.productLogoUrl) &&
    allStrings(body, ['productNotification', 'customerName', 'productFamilyName']) &&
    isNoticeList(body.globalNotices) &&
    isNoticeList(body.customerNotices) &&
    isNoticeList(body.productNotices)
    ? (body as SingleCustomerLogoResponse)
    : undefined;
}

export { fetchCountryCode } from '../../lib/geolocation';

const DOCUMENT_KEYS = [
  'childDocumentId',
  'documentNumber',
  'associatedReferenceNumber',
  'productSubFamilyNameOne',
  'description',
  'languageList',
  'countryList',
  'effectiveDate',
  'productFamilyName',
  'docName',
] as const;
const isDocument = (value: unknown): value is PublicDocument => isObject(value) && allStrings(value, DOCUMENT_KEYS);

const isCodeList = (value: unknown): value is string[] => Array.isArray(value) && value.every((code) => typeof code === 'string');
/** The answer's `availableIn`, when it is one (where a search that found nothing does find documents). */
function availableInOf(body: Record<string, unknown>): AvailableIn | undefined {
  const value = body.availableIn;
  return isObject(value) && isCodeList(value.languages) && isCodeList(value.countries) ? { languages: value.languages, countries: value.countries } : undefined;
}

export type SearchOutcome =
  | { kind: 'found'; list: PublicDocument[]; message?: string; availableIn?: AvailableIn }
  | { kind: 'refused'; message: string }
  /** The link expired (410) or is not valid (400) since the page opened: only a new link helps. */
  | { kind: 'link-refused'; message: string }
  | { kind: 'failed' };

/** POST /module2/searchDocuments/: a 400 names the field that is wrong (an unknown country or language, a field too long). */
export async function searchDocuments(apiUrl: string, request: PublicSearchRequest): Promise<SearchOutcome> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/searchDocuments/', { body: request });
    if (status === 200 && isObject(body) && Array.isArray(body.list) && body.list.every(isDocument)) {
      return { kind: 'found', list: body.list, message: messageOf(body), availableIn: availableInOf(body) };
    }
    const message = messageOf(body);
    if (message !== undefined && linkRefused(status, body)) return { kind: 'link-refused', message };
    return status >= 400 && status < 500 && message !== undefined ? { kind: 'refused', message } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export type DocumentUrlOutcome = { kind: 'found'; url: string } | { kind: 'link-refused'; message: string } | { kind: 'failed' };

/** POST /module2/getDocumentURL: a short-lived link to one document of the results, or why there is none. */
export async function fetchDocumentUrl(apiUrl: string, request: GetDocumentUrlRequest): Promise<DocumentUrlOutcome> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/getDocumentURL', { body: request });
    if (status === 200 && isObject(body) && typeof body.docURL === 'string') return { kind: 'found', url: body.docURL };
    const message = messageOf(body);
    return message !== undefined && linkRefused(status, body) ? { kind: 'link-refused', message } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

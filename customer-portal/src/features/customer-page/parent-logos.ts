import type { ParentLogosResponse, PublicProductFamily } from '@ifu/contracts/public';
import { callApi, isObject } from '../../lib/http';
import { isNoticeList } from '../../components/notices';

export type CustomerPageAnswer =
  | { kind: 'found'; page: ParentLogosResponse }
  | { kind: 'not-found' }
  /** The API could not be reached or answered something else: the visitor may try again. */
  | { kind: 'failed' };

const isNullableString = (value: unknown) => value === null || typeof value === 'string';

const isFamily = (value: unknown): value is PublicProductFamily =>
  isObject(value) && typeof value.parentChangeId === 'string' && typeof value.productFamilyName === 'string' && isNullableString(value.logoUrl);

/** The answer's shape, checked by hand (see lib/http.ts). */
export const isParentLogos = (value: unknown): value is ParentLogosResponse =>
  isObject(value) &&
  typeof value.customerName === 'string' &&
  isNullableString(value.customerLogoUrl) &&
  typeof value.globalNotification === 'string' &&
  typeof value.customerNotification === 'string' &&
  isNoticeList(value.globalNotices) &&
  isNoticeList(value.customerNotices) &&
  Array.isArray(value.products) &&
  value.products.every(isFamily);

/** GET /module2/getParentLogosForCustomer/:customerName (spec §2.1): 404 for an unknown or unapproved customer. */
export async function fetchCustomerPage(apiUrl: string, customerName: string, signal?: AbortSignal): Promise<CustomerPageAnswer> {
  try {
    const { status, body } = await callApi(apiUrl, `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`, { signal });
    if (status === 404) return { kind: 'not-found' };
    return status === 200 && isParentLogos(body) ? { kind: 'found', page: body } : { kind: 'failed' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed' };
  }
}

import type { IdentifierHit, IdentifierSearchRequest } from '@ifu/contracts/public';
import { callApi, isObject, messageOf } from '../../lib/http';

export type IdentifierOutcome = { kind: 'found'; list: IdentifierHit[] } | { kind: 'refused'; message: string } | { kind: 'failed' };

const STRING_KEYS = [
  'childDocumentId',
  'documentNumber',
  'parentChangeId',
  'productFamilyName',
  'partNumber',
  'lot',
  'additionalLots',
  'gtin',
  'languageList',
  'countryList',
  'effectiveDate',
  'pageUrl',
] as const;
const isHit = (value: unknown): value is IdentifierHit =>
  isObject(value) && STRING_KEYS.every((key) => typeof value[key] === 'string') && typeof value.version === 'number' && typeof value.exact === 'boolean';

/** POST /module2/searchByIdentifier: the customer's public documents by what is on the box. */
export async function searchByIdentifier(apiUrl: string, request: IdentifierSearchRequest): Promise<IdentifierOutcome> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/searchByIdentifier', { body: request });
    if (status === 200 && isObject(body) && Array.isArray(body.list) && body.list.every(isHit)) return { kind: 'found', list: body.list };
    const message = messageOf(body);
    return status >= 400 && status < 500 && message !== undefined ? { kind: 'refused', message } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

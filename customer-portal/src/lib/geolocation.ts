import { callApi, isObject } from './http';

/** GET /module2/geolocation: the visitor's country code, or undefined (unknown, or the lookup failed: ignored). */
export async function fetchCountryCode(apiUrl: string, signal?: AbortSignal): Promise<string | undefined> {
  const { status, body } = await callApi(apiUrl, '/module2/geolocation', { signal });
  return status === 200 && isObject(body) && typeof body.country_code === 'string' ? body.country_code : undefined;
}

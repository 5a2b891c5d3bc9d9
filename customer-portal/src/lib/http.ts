/**
 * The portal's calls to the public API (spec §7.4). No validation library on the first page (bundle budget): each
 * feature checks the answer's shape by hand with `isObject` and `typeof`.
 */
export type ApiAnswer = { status: number; body: unknown };

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The server's `message`, when the answer has one (spec §8: a non-200 answer shows the server's message). */
export const messageOf = (body: unknown): string | undefined =>
  isObject(body) && typeof body.message === 'string' && body.message !== '' ? body.message : undefined;

/** GET or POST (with a JSON body) under the API; rejects only when the network fails. A body that is no JSON reads as null. */
export async function callApi(apiUrl: string, path: string, init: { body?: unknown; signal?: AbortSignal } = {}): Promise<ApiAnswer> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

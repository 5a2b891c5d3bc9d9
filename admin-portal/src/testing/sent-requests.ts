/** A request a screen sent: its method, path, headers (lower-case names) and JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Records the screens' calls from now on (the API client's fetch), so that a route-level test can say what a screen
 * sent: a signed decision's If-Match (the version the screen showed), the reason it asked for. `sent(method, path)` is
 * every call to that path; `stop()` puts fetch back (call it in a `finally`).
 */
export function recordRequests() {
  const requests: SentRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: kept as sent
      }
    }
    requests.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, headers, body });
    return original(input, init);
  };
  return {
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    stop: () => {
      globalThis.fetch = original;
    },
  };
}

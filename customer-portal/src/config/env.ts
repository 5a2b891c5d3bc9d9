/**
 * Run-time configuration of the portal.
 *
 * One build serves every environment: at start-up the app fetches `/config.json`
 * (`{ "apiUrl": "https://api.example.com" }`, written by the static server, see docker-compose.yml).
 * When that file is missing or invalid it falls back to the build-time `VITE_API_URL`,
 * then to the local development API.
 */
export type AppConfig = {
  /** Absolute http(s) address of the API, without a trailing slash. */
  readonly apiUrl: string;
};

export const CONFIG_URL = '/config.json';
export const DEFAULT_API_URL = 'http://localhost:8080';
const CONFIG_TIMEOUT_MS = 3000;

/** The value as an absolute http(s) URL without trailing slash, or undefined when it is not one. */
export function normalizeApiUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  return url.href.replace(/\/+$/, '');
}

/** The address used when /config.json gives none: `VITE_API_URL`, then the local API. */
export function fallbackApiUrl(buildTimeApiUrl: string | undefined = import.meta.env.VITE_API_URL): string {
  return normalizeApiUrl(buildTimeApiUrl) ?? DEFAULT_API_URL;
}

export type LoadConfigOptions = {
  fetch?: typeof fetch;
  buildTimeApiUrl?: string;
  timeoutMs?: number;
};

/** Reads /config.json; never rejects, so the app always starts. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<AppConfig> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const fallback = (): AppConfig => ({
    apiUrl: fallbackApiUrl('buildTimeApiUrl' in options ? options.buildTimeApiUrl : import.meta.env.VITE_API_URL),
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? CONFIG_TIMEOUT_MS);
  try {
    const response = await doFetch(CONFIG_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) return fallback();
    const body: unknown = await response.json();
    const apiUrl =
      typeof body === 'object' && body !== null && 'apiUrl' in body ? normalizeApiUrl(body.apiUrl) : undefined;
    if (apiUrl === undefined) {
      console.warn(`${CONFIG_URL} has no valid "apiUrl"; using the fallback API address.`);
      return fallback();
    }
    return { apiUrl };
  } catch {
    // Missing file (the dev server answers with index.html), network failure or timeout.
    return fallback();
  } finally {
    clearTimeout(timer);
  }
}

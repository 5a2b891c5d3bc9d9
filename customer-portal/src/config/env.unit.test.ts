import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, fallbackApiUrl, loadConfig, normalizeApiUrl } from './env';

const respond = (body: string, status = 200): typeof fetch => async () => new Response(body, { status });

describe('loadConfig', () => {
  it('when /config.json holds a valid apiUrl, then that address is used without its trailing slash', async () => {
    const config = await loadConfig({ fetch: respond('{"apiUrl":"https://api.example.com/"}'), buildTimeApiUrl: undefined });
    expect(config).toEqual({ apiUrl: 'https://api.example.com' });
  });

  it('when /config.json is missing, then VITE_API_URL is used', async () => {
    const config = await loadConfig({ fetch: respond('not found', 404), buildTimeApiUrl: 'http://build.example:9000' });
    expect(config.apiUrl).toBe('http://build.example:9000');
  });

  it('when the server answers with the HTML page instead of JSON, then the fallback is used', async () => {
    const config = await loadConfig({ fetch: respond('<!doctype html><html></html>'), buildTimeApiUrl: undefined });
    expect(config.apiUrl).toBe(DEFAULT_API_URL);
  });

  it('when apiUrl is not an http(s) address, then the fallback is used', async () => {
    const config = await loadConfig({ fetch: respond('{"apiUrl":"javascript:alert(1)"}'), buildTimeApiUrl: undefined });
    expect(config.apiUrl).toBe(DEFAULT_API_URL);
  });

  it('when the request fails, then the app still gets a configuration', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('Network Error');
    };
    expect(await loadConfig({ fetch: failing, buildTimeApiUrl: undefined })).toEqual({ apiUrl: DEFAULT_API_URL });
  });

  it('when /config.json never answers, then the fallback is used after the timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const config = await loadConfig({ fetch: hanging, buildTimeApiUrl: undefined, timeoutMs: 10 });
    expect(config.apiUrl).toBe(DEFAULT_API_URL);
  });
});

describe('normalizeApiUrl and fallbackApiUrl', () => {
  it('when VITE_API_URL is empty or invalid, then the local API address is used', () => {
    expect(fallbackApiUrl('')).toBe(DEFAULT_API_URL);
    expect(fallbackApiUrl('ftp://x')).toBe(DEFAULT_API_URL);
    expect(fallbackApiUrl(undefined)).toBe(DEFAULT_API_URL);
  });

  it('when an address carries credentials or a query, then it is refused', () => {
    expect(normalizeApiUrl('https://user:pw@api.example.com')).toBeUndefined();
    expect(normalizeApiUrl('https://api.example.com/?x=1')).toBeUndefined();
    expect(normalizeApiUrl(42)).toBeUndefined();
  });

  it('when the API lives under a path, then the path is kept', () => {
    expect(normalizeApiUrl(' https://example.com/api/ ')).toBe('https://example.com/api');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../test-support/test-api';
import { buildPortal, needsBuild, startPortalServer } from './portal-server';

/** The portal servers of `npm start` listen on 127.0.0.1 unless given another interface. */
describe('the interface a portal server listens on', () => {
  it('when no host is given, then it listens on the loopback interface only', async () => {
    const portal = await startPortalServer({ portal: 'customer', port: 0, apiUrl: 'http://localhost:8080' });
    try {
      expect(portal.address).toBe('127.0.0.1');
    } finally {
      await portal.close();
    }
  });

  it('when a host is given (start.ts passes HOST), then it listens there', async () => {
    const portal = await startPortalServer({ portal: 'customer', port: 0, host: '127.0.0.2', apiUrl: 'http://localhost:8080' });
    try {
      expect(portal.address).toBe('127.0.0.2');
    } finally {
      await portal.close();
    }
  });

  it('when its port is taken, then starting fails with EADDRINUSE (a caller may pick another port)', async () => {
    const first = await startPortalServer({ portal: 'customer', port: 0, apiUrl: 'http://localhost:8080' });
    try {
      await expect(startPortalServer({ portal: 'customer', port: first.port, apiUrl: 'http://localhost:8080' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});

/** The customer portal's domain carries the label addresses; the API answers them. */
describe('the eIFU addresses on the customer portal’s domain', () => {
  it('passes /01/... and /p/... to the API with its status, headers and redirects; other methods are refused', async () => {
    const { startTestApi } = await import('../test-support/test-api');
    const api = await startTestApi();
    const portal = await startPortalServer({ portal: 'customer', port: 0, apiUrl: api.url });
    try {
      const unknown = await fetch(`${portal.url}/01/09506000134352`, { headers: { accept: 'text/html' } });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
      expect(await unknown.text()).toContain('No instructions for this product');
      expect((await fetch(`${portal.url}/p/CO%3C`, { headers: { accept: 'application/json' } })).status).toBe(400);
      expect((await fetch(`${portal.url}/p/CO-2026-00001-01`, { method: 'POST' })).status).toBe(405);
    } finally {
      await portal.close();
      await api.dispose();
    }
  });
});

/** The GS1 resolver on the customer portal's domain (nginx does the same: the Dockerfile's customer-portal image). */
describe('the customer portal’s domain as a GS1-conformant resolver', () => {
  let api: TestApi;
  let portal: Awaited<ReturnType<typeof startPortalServer>>;
  const foreign = { origin: 'https://scanner.example' };
  beforeAll(async () => {
    if (needsBuild('customer')) await buildPortal('customer');
    const { startTestApi } = await import('../test-support/test-api');
    api = await startTestApi();
    portal = await startPortalServer({ portal: 'customer', port: 0, apiUrl: api.url });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
    await api?.dispose();
  });

  it('item 1: /.well-known/gs1resolver is the API’s resolver description file, readable from any origin', async () => {
    const answer = await fetch(`${portal.url}/.well-known/gs1resolver`, { headers: { ...foreign, accept: 'application/json' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(((await answer.json()) as { supportedPrimaryKeys: string[] }).supportedPrimaryKeys).toEqual(['01']);
  });

  it('item 4: OPTIONS on a Digital Link reaches the API (204, CORS for any origin, the linkset’s Link); other methods stay refused', async () => {
    const answer = await fetch(`${portal.url}/01/09506000134352`, { method: 'OPTIONS', headers: { ...foreign, 'access-control-request-method': 'GET' } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(answer.headers.get('link')).toContain('rel="linkset"');
    const post = await fetch(`${portal.url}/01/09506000134352`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('item 6: a compressed Digital Link reaches the API and is answered there; a path that is none, and no portal route, is 404 with the app', async () => {
    const compressed = await fetch(`${portal.url}/CwdMZMwAktRZyf23AGuvY`, { redirect: 'manual', headers: foreign });
    expect(compressed.status).toBe(307);
    expect(compressed.headers.get('location')).toMatch(/\/01\/\d{14}\/10\//);
    expect(compressed.headers.get('access-control-allow-origin')).toBe('*');
    for (const path of ['/NotACompressedLink', '/', '/nosuchpage', '/docSearch', '/docSearch/a/b', '/index', '/login']) {
      const answer = await fetch(`${portal.url}${path}`, { headers: { accept: 'text/html' } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toContain('text/html');
      expect(await answer.text(), path).toContain('<div id="root">');
    }
    for (const path of ['/contactus', '/customerDocSearch?customerName=a&parentChangeId=b&encryptedEmail=c', '/docSearch/Northwind%20Medical', '/paperCopy/CO-2026-00001-01']) {
      const answer = await fetch(`${portal.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it('item 6: /robots.txt is a robots file, not the app', async () => {
    const answer = await fetch(`${portal.url}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).not.toContain('<html');
  });

  it('item 7: the domain’s root may be fetched cross-origin (GS1 tools probe it, no-cors); the portal’s pages stay same-origin', async () => {
    const root = await fetch(`${portal.url}/`, { method: 'HEAD', headers: foreign });
    expect(root.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const page = await fetch(`${portal.url}/contactus`, { headers: foreign });
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

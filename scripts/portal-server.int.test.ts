import { describe, expect, it } from 'vitest';
import { startPortalServer } from './portal-server';

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

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test-support/test-api';
import { createApp } from '../app';
import type { AppContext } from './app-context';
import type { Config } from './config';

async function listen(ctx: AppContext, config: Partial<Config>): Promise<{ url: string; server: Server }> {
  const server = createServer(createApp({ ...ctx, config: { ...ctx.config, ...config } })).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** What the API answers a login's preflight from `origin`: the origin it allows, or null. */
const preflight = async (url: string, origin: string) => {
  const answer = await fetch(`${url}/user/get/token`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  return answer.headers.get('access-control-allow-origin');
};

/** What the API answers a simple call from `origin`. */
const allowedOrigin = async (url: string, origin: string) =>
  (await fetch(`${url}/health`, { headers: { origin } })).headers.get('access-control-allow-origin');

describe('CORS: the configured portal origins, and in development the other loopback name on the same port', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ NODE_ENV: 'development', PUBLIC_ADMIN_URL: 'http://localhost:3000', PUBLIC_CUSTOMER_URL: 'http://localhost:3001' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when the admin portal is opened at 127.0.0.1 in development while it is configured at localhost, then its login is allowed', async () => {
    expect(await preflight(t.url, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(await allowedOrigin(t.url, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(await allowedOrigin(t.url, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(await allowedOrigin(t.url, 'http://[::1]:3000')).toBe('http://[::1]:3000');
    // The customer portal likewise.
    expect(await allowedOrigin(t.url, 'http://127.0.0.1:3001')).toBe('http://127.0.0.1:3001');
  });

  it('when the NODE_ENV is test, then the same: the loopback twin is allowed', async () => {
    const api = await listen(t.api.context, { NODE_ENV: 'test' });
    try {
      expect(await preflight(api.url, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    } finally {
      api.server.close();
    }
  });

  it('when a loopback origin differs in port or scheme, or is a foreign origin, then it is refused', async () => {
    for (const origin of ['http://127.0.0.1:3002', 'https://127.0.0.1:3000', 'http://evil.example', 'http://localhost.evil.example:3000', 'http://127.0.0.2:3000']) {
      expect(await allowedOrigin(t.url, origin), origin).toBeNull();
      expect(await preflight(t.url, origin), origin).toBeNull();
    }
  });

  it('when NODE_ENV is production, then only the configured origins are allowed: 127.0.0.1 is refused where localhost is configured', async () => {
    const api = await listen(t.api.context, { NODE_ENV: 'production' });
    try {
      expect(await preflight(api.url, 'http://127.0.0.1:3000')).toBeNull();
      expect(await allowedOrigin(api.url, 'http://127.0.0.1:3000')).toBeNull();
      expect(await allowedOrigin(api.url, 'http://localhost:3000')).toBe('http://localhost:3000');
      expect(await allowedOrigin(api.url, 'http://evil.example')).toBeNull();
    } finally {
      api.server.close();
    }
  });

  it('when the configured origin is not a loopback name, then no other name is added in development', async () => {
    const api = await listen(t.api.context, { NODE_ENV: 'development', PUBLIC_ADMIN_URL: 'https://admin.example.com', PUBLIC_CUSTOMER_URL: 'https://docs.example.com' });
    try {
      expect(await allowedOrigin(api.url, 'https://admin.example.com')).toBe('https://admin.example.com');
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'https://127.0.0.1']) expect(await allowedOrigin(api.url, origin), origin).toBeNull();
    } finally {
      api.server.close();
    }
  });
});

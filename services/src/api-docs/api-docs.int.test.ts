import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compileErrors, validate } from '@readme/openapi-parser';
import { type Express, Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test-support/test-api';
import { createApp } from '../app';
import { apiDocument, features } from '../features';
import type { AppContext } from '../platform/app-context';
import { openApiPath, pathParameters } from '../platform/api-routes';
import type { OpenApiDocument } from '../platform/api-routes';

/** What Express 5 keeps of a route or a mounted router (the `router` package's Layer and Route). */
interface Layer {
  route?: { path: string | RegExp | Array<string | RegExp>; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  slash: boolean;
}

/** Every route the live app answers, as `method path` in OpenAPI form (a regular expression route by its source). */
function routesOf(stack: readonly Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods);
      if (methods.includes('_all')) throw new Error(`${String(layer.route.path)}: router.all() answers every method; list them instead`);
      const paths = [layer.route.path].flat();
      return paths.flatMap((path) => methods.map((method) => `${method} ${typeof path === 'string' ? openApiPath(path) : String(path)}`));
    }
    if (layer.handle.stack) {
      // Every feature mounts its routers at the root; a router under a prefix would need that prefix added here.
      if (!layer.slash) throw new Error('a router is mounted under a path prefix: teach routesOf to add it');
      return routesOf(layer.handle.stack);
    }
    return [];
  });
}
const appRoutes = (app: Express) => routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack);

type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
  'x-express-route'?: string;
};
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const;

/** Every operation of the document by the same key: `method path`, or `method <regex>` where the route is one. */
function documentedOperations(document: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (operation) operations.set(`${method} ${operation['x-express-route'] ?? path}`, operation);
    }
  }
  return operations;
}

/** The app's routes the document lacks, and the document's routes the app lacks. */
function compare(app: Express, document: OpenApiDocument) {
  const live = new Set(appRoutes(app));
  const documented = new Set(documentedOperations(document).keys());
  return { undocumented: [...live].filter((key) => !documented.has(key)).sort(), notInApp: [...documented].filter((key) => !live.has(key)).sort() };
}

async function listen(app: Express): Promise<{ url: string; server: Server }> {
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the API reference: OpenAPI 3.1 from the zod contracts, at /docs outside production', () => {
  let t: TestApi;
  let ctx: AppContext;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApi();
    ctx = t.api.context;
    document = apiDocument(ctx.config.PUBLIC_API_URL);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when the live app is walked, then every route it answers is documented, and every documented route is in the app', () => {
    const app = createApp(ctx);
    expect(appRoutes(app).length).toBeGreaterThan(70);
    expect(compare(app, document)).toEqual({ undocumented: [], notInApp: [] });
  });

  it('when a route is added without a description, then the comparison names it (and a documented route the app lost)', () => {
    const app = createApp(ctx);
    // Added the way a feature adds routes: a router mounted at the root, here after the others.
    app.use(Router().get('/customer/archive/:id', () => undefined));
    const { '/health': _health, ...withoutHealth } = document.paths ?? {};
    expect(compare(app, { ...document, paths: withoutHealth })).toEqual({ undocumented: ['get /customer/archive/{id}', 'get /health'], notInApp: [] });
    const { undocumented, notInApp } = compare(createApp(ctx), {
      ...document,
      paths: { ...document.paths, '/customer/archive/{id}': { get: { responses: {} } } },
    });
    expect({ undocumented, notInApp }).toEqual({ undocumented: [], notInApp: ['get /customer/archive/{id}'] });
  });

  it('when each operation is read, then it has its path parameters, a request schema where it takes a body, a 2xx answer with a schema, and the error body', () => {
    const operations = documentedOperations(document);
    const noBody = new Set(features.flatMap((feature) => (feature.api ?? []).filter((route) => route.takesNoBody).map((route) => `${route.method} ${openApiPath(route.path)}`)));
    const problems: string[] = [];
    for (const [key, operation] of operations) {
      const [method, path] = key.split(' ') as [string, string];
      const params = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const expected = operation['x-express-route'] ? params : pathParameters(path.replace(/\{(\w+)\}/g, ':$1'));
      if (JSON.stringify(params.sort()) !== JSON.stringify([...expected].sort())) problems.push(`${key}: path parameters ${params} instead of ${expected}`);
      if (method !== 'get' && !noBody.has(key)) {
        const bodies = Object.values(operation.requestBody?.content ?? {});
        if (bodies.length === 0 || bodies.some((media) => media.schema === undefined)) problems.push(`${key}: no request body schema`);
      }
      const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$|^307$/.test(status));
      const answers = successes.flatMap(([, response]) => Object.values(response.content ?? {}));
      if (answers.length === 0 || answers.some((media) => media.schema === undefined)) problems.push(`${key}: no success answer with a schema`);
      for (const range of ['4XX', '5XX']) {
        if (!operation.responses[range]?.content?.['application/json']?.schema) problems.push(`${key}: no ${range} error body`);
      }
    }
    expect(problems).toEqual([]);
    expect(document.components?.schemas?.Error).toMatchObject({ properties: { message: { type: 'string' }, code: { type: 'string' } }, required: ['message'] });
  });

  it('when a route needs a login, then the document asks for the bearer token; a public one asks for nothing', () => {
    const operations = documentedOperations(document);
    expect(document.components?.securitySchemes?.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operations.get('get /user/me')?.security).toEqual([{ bearerToken: [] }]);
    expect(operations.get('get /user/list/user')?.security).toEqual([{ bearerToken: [] }]);
    expect(operations.get('post /user/get/token')?.security).toEqual([]);
    expect(operations.get('post /module2/searchDocuments')?.security).toEqual([]);
  });

  it('when /docs/openapi.json is fetched in development, then it is the document, and it validates as OpenAPI 3.1', async () => {
    const answer = await fetch(`${t.url}/docs/openapi.json`);
    expect(answer.status).toBe(200);
    const served = (await answer.json()) as OpenApiDocument;
    expect(served).toEqual(JSON.parse(JSON.stringify(document)));
    expect(served.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(served) as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('when /docs is opened in development, then the page and its Swagger UI files come from this origin, under a CSP that allows only that', async () => {
    const page = await fetch(`${t.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/https?:|unsafe-eval|script-src[^;]*unsafe-inline/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/docs-page.js']);
    for (const asset of assets) {
      const answer = await fetch(`${t.url}${asset}`);
      expect(answer.status, asset).toBe(200);
      expect((await answer.text()).length, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${t.url}/docs/assets/package.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
  });

  it('when NODE_ENV is production, then /docs, the document and its assets are not there (404)', async () => {
    const production = await listen(createApp({ ...ctx, config: { ...ctx.config, NODE_ENV: 'production' } }));
    try {
      for (const path of ['/docs', '/docs/openapi.json', '/docs/assets/swagger-ui-bundle.js']) {
        const answer = await fetch(`${production.url}${path}`);
        expect(answer.status, path).toBe(404);
        expect(await answer.json()).toMatchObject({ code: 'no-such-endpoint' });
      }
      expect((await fetch(`${production.url}/health`)).status).toBe(200);
    } finally {
      production.server.close();
    }
  });
});

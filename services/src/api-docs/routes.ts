import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../platform/app-context';
import { refuse } from '../platform/errors';
import type { ApiRoute } from '../platform/api-routes';
import type { OpenApiDocument } from '../platform/api-routes';

/** Swagger UI from node_modules: the machine that serves the page may have no internet, and the CSP allows only 'self'. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = { 'swagger-ui.css': 'text/css', 'swagger-ui-bundle.js': 'text/javascript' } as const;

/** Starts Swagger UI on the document; a file, not an inline script, so that the page's CSP needs no 'unsafe-inline'. */
const PAGE_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/docs/openapi.json', dom_id: '#api-reference', deepLinking: true, validatorUrl: null });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>IFU Portal API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs-page.js"></script>
</body>
</html>
`;

/**
 * The page's own policy instead of the API's `default-src 'none'`: scripts and styles from this origin only, the
 * document fetched from it (Swagger UI 5 rendered and expanded operations in Chromium with no violation).
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ASSET = z.enum([...(Object.keys(SWAGGER_UI_FILES) as Array<keyof typeof SWAGGER_UI_FILES>), 'docs-page.js']);

/** GET /docs, /docs/openapi.json and the page's assets; no routes at all when NODE_ENV is production. */
export function apiDocsRoutes(ctx: AppContext, apiDocument: () => OpenApiDocument): Router {
  const router = Router();
  if (ctx.config.NODE_ENV === 'production') return router;
  let document: OpenApiDocument | undefined;

  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.type('html').send(PAGE);
  });

  router.get('/docs/openapi.json', (_req, res) => {
    document ??= apiDocument();
    res.json(document);
  });

  router.get('/docs/assets/:file', (req, res) => {
    const file = ASSET.safeParse(req.params.file);
    if (!file.success) refuse('no-such-endpoint', { method: req.method, path: req.path });
    res.setHeader('Cache-Control', 'no-cache');
    if (file.data === 'docs-page.js') {
      res.type('text/javascript').send(PAGE_SCRIPT);
      return;
    }
    res.type(SWAGGER_UI_FILES[file.data]).sendFile(file.data, { root: SWAGGER_UI_DIR });
  });

  return router;
}

/** The three routes above, in the document they serve. */
export const docsApi: ApiRoute[] = [
  { method: 'get', path: '/docs', access: 'public', summary: 'This API reference as a page (not in production)', response: { mediaTypes: ['text/html'], description: 'The page' } },
  { method: 'get', path: '/docs/openapi.json', access: 'public', summary: 'The OpenAPI 3.1 document (not in production)', response: { mediaTypes: ['application/json'], description: 'The document' } },
  {
    method: 'get',
    path: '/docs/assets/:file',
    access: 'public',
    summary: "The reference page's scripts and styles (Swagger UI, from node_modules)",
    params: z.object({ file: ASSET }),
    response: { mediaTypes: ['text/javascript', 'text/css'], description: 'The file' },
  },
];

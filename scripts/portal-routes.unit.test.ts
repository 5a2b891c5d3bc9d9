import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../customer-portal/src/config/paths';
import { COMPRESSED_SEGMENT } from '../services/src/eifu/gs1-digital-link';
import { COMPRESSED_LINK_PATH, CUSTOMER_PORTAL_ROUTES, EIFU_PATHS } from './portal-server';

const dockerfile = readFileSync(resolve(import.meta.dirname, '../Dockerfile'), 'utf8');
const eifuLocations = /COPY <<'EOF' \/etc\/nginx\/templates\/locations\/eifu\.conf\.template\n([\s\S]*?)\nEOF/.exec(dockerfile)?.[1] ?? '';

/** npm start's portal server and the customer-portal image's nginx answer the same paths the same way. */
describe('the customer portal’s domain: the portal server and nginx in step', () => {
  it('when the portal’s client routes are matched, then each route of paths.ts is one, and nothing else', () => {
    const examples = [paths.docSearch.getHref('Northwind Medical'), paths.customerDocSearch.getHref({ customerName: 'a', parentChangeId: 'b', encryptedEmail: 'c' }), paths.contactUs.getHref(), paths.paperCopy.getHref('CO-1', 2)];
    for (const href of examples) expect(CUSTOMER_PORTAL_ROUTES.test(new URL(href, 'http://x').pathname), href).toBe(true);
    for (const path of ['/', '/docSearch', '/docSearch/a/b', '/login', '/paperCopy', '/nosuchpage']) expect(CUSTOMER_PORTAL_ROUTES.test(path), path).toBe(false);
    // Every route of paths.ts but the not-found one is listed.
    expect(Object.values(paths).filter((p) => p.path !== '*')).toHaveLength(4);
  });

  it('when the Dockerfile’s nginx locations are read, then they name the same client routes, compressed paths and eIFU paths as the portal server', () => {
    const clientRoutes = CUSTOMER_PORTAL_ROUTES.source.replaceAll('\\/', '/').replace(/^\^\/\(/, '').replace(/\)\/\?\$$/, '');
    expect(eifuLocations).toContain(`location ~ "^/(${clientRoutes})/?$"`);
    expect(COMPRESSED_LINK_PATH.source).toBe(COMPRESSED_SEGMENT.source);
    expect(eifuLocations).toContain(`location ~ "${COMPRESSED_LINK_PATH.source.replaceAll('\\/', '/')}"`);
    expect(eifuLocations).toContain('location = /.well-known/gs1resolver');
    expect(EIFU_PATHS.test('/.well-known/gs1resolver')).toBe(true);
    expect(eifuLocations).toContain('location ~ ^/(01|p)/');
    expect(eifuLocations.match(/limit_except GET OPTIONS \{ deny all; \}/g)).toHaveLength(3);
    expect(eifuLocations).toContain('error_page 404 /index.html;');
  });
});

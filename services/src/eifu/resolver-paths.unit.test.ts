import { describe, expect, it } from 'vitest';
import { features } from '../features';
import { isResolverPath, uncompressedPathOf } from './resolver-paths';

describe('the resolver’s paths (CORS for any origin, compressed Digital Links)', () => {
  it('when GS1’s example of a compressed Digital Link is read, then it is the Digital Link of a GTIN with a lot', () => {
    expect(uncompressedPathOf('/CwdMZMwAktRZyf23AGuvY')).toMatch(/^\/01\/\d{14}\/10\/.+/);
    expect(isResolverPath('/CwdMZMwAktRZyf23AGuvY')).toBe(true);
  });

  it('when a path is a Digital Link or the description file, then it is the resolver’s; a permalink and the portal’s pages are not', () => {
    expect(isResolverPath('/01/09506000134352')).toBe(true);
    expect(isResolverPath('/.well-known/gs1resolver')).toBe(true);
    for (const path of ['/p/CO-2026-00001-01', '/contactus', '/customerDocSearch', '/docSearch/Northwind', '/', '/health', '/.well-known/other']) expect(isResolverPath(path), path).toBe(false);
  });

  it('when the API’s own routes are read, then none of them is taken for a compressed Digital Link (it would be redirected, and answer CORS for any origin)', () => {
    const paths = features.flatMap((feature) => feature.api ?? []).filter((route) => !route.matches).map((route) => route.path.replace(/:[A-Za-z]+/g, 'x'));
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => !path.startsWith('/01/') && path !== '/.well-known/gs1resolver' && isResolverPath(path))).toEqual([]);
  });
});

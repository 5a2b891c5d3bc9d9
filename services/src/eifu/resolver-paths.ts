import { COMPRESSED_SEGMENT, decompressDigitalLink } from './gs1-digital-link';

/** Where the resolver describes itself (GS1-Conformant resolver standard: the resolver description file). */
export const RESOLVER_DESCRIPTION_PATH = '/.well-known/gs1resolver';

/** Any host will do: only the path is decompressed, and only its primary key is looked at here. */
const ANY_HOST = 'https://resolver.invalid';

/** The Digital Link a compressed path stands for, when it is one of a GTIN (the only primary key resolved here). */
export function uncompressedPathOf(path: string): string | undefined {
  if (!COMPRESSED_SEGMENT.test(path)) return undefined;
  const uri = decompressDigitalLink(`${ANY_HOST}${path}`);
  if (!uri) return undefined;
  const uncompressed = uri.slice(ANY_HOST.length);
  return uncompressed.startsWith('/01/') ? uncompressed : undefined;
}

/**
 * The resolver's own paths on the public domain: the Digital Links (`/01/...`, and compressed ones), and the
 * description file. Label-scanning apps call them from other origins: they alone answer CORS for any origin
 * (no credentials), the rest of the API keeps its list of origins.
 */
export function isResolverPath(path: string): boolean {
  return path.startsWith('/01/') || path === RESOLVER_DESCRIPTION_PATH || uncompressedPathOf(path) !== undefined;
}

import { z } from 'zod';
import type { ApiRoute } from '../platform/api-routes';
import { COMPRESSED_SEGMENT } from './gs1-digital-link';
import { LabelQrQuery } from './label-qr';

/** What every eIFU page reads from its query: the reader's language and country (else from Accept-Language). */
const ReaderQuery = z.object({
  lang: z.string().max(10).optional().meta({ description: 'ISO 639-1 language code' }),
  country: z.string().max(10).optional().meta({ description: 'ISO 3166-1 alpha-2 country code' }),
});
const PAGE = { mediaTypes: ['text/html'], description: 'The page (a refusal is a page too, or `{ message }` for `Accept: application/json`)' };

/** The routes of routes.ts and label-qr.ts, for the API reference. */
export const eifuApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/01/{digitalLinkPath}',
    matches: /^\/01\//,
    access: 'public',
    summary: 'The GS1 Digital Link resolver: /01/{gtin}[/10/{lot}][/21/{serial}]',
    description:
      'Redirects (307) to the current document in the reader’s language, the query passed on but for `linkType` and `context`; answers its linkset for `linkType=linkset` (or `all`, or `Accept: application/linkset+json`), 404 for a link type other than gs1:instructions. Every answer about a device carries a Link header to its linkset; CORS for any origin, OPTIONS answered (204).',
    params: z.object({ digitalLinkPath: z.string().max(300).meta({ description: 'The GTIN and its qualifiers, slashes included' }) }),
    query: ReaderQuery.extend({
      linkType: z.string().max(100).optional(),
      context: z.string().max(10).optional().meta({ description: 'GS1 context: an ISO 3166-1 alpha-2 country code, as `country`' }),
    }),
    status: 307,
    response: { mediaTypes: ['application/linkset+json', 'text/html'], description: 'A redirect to the document, or its linkset' },
  },
  {
    method: 'get',
    path: '/.well-known/gs1resolver',
    access: 'public',
    summary: 'The GS1 resolver description file',
    description: 'Names the resolver, its root (the public domain), the primary key it resolves (01) and its link types; CORS for any origin.',
    response: { mediaTypes: ['application/json'], description: 'The resolver description file (GS1-Conformant resolver standard)' },
  },
  {
    method: 'get',
    path: '/{compressedDigitalLink}',
    matches: COMPRESSED_SEGMENT,
    access: 'public',
    summary: 'A compressed GS1 Digital Link (GS1 compression): redirects (307) to the uncompressed one, the query kept',
    description: 'The uncompressed Digital Link is also named in the Link header (rel="owl:sameAs"). A path that does not decompress to a GTIN’s Digital Link is not this route.',
    params: z.object({ compressedDigitalLink: z.string().max(150).meta({ description: 'GS1 compressed Digital Link, base64url characters' }) }),
    status: 307,
    response: { mediaTypes: ['text/plain'], description: 'A redirect to the uncompressed Digital Link' },
  },
  { method: 'get', path: '/p/:documentNumber', access: 'public', summary: "A document's permalink page: its current version", query: ReaderQuery, response: PAGE },
  { method: 'get', path: '/p/:documentNumber/v/:n', access: 'public', summary: 'One version of a document', query: ReaderQuery, response: PAGE },
  {
    method: 'get',
    path: '/p/:documentNumber/v/:n/pdf',
    access: 'public',
    summary: "One version's PDF, its currency page appended",
    query: ReaderQuery.extend({ via: z.enum(['digital-link', 'permalink']).optional() }),
    response: { mediaTypes: ['application/pdf'], description: 'The PDF' },
  },
  {
    method: 'get',
    path: '/document/labelQr/:childDocumentId',
    access: 'staff',
    summary: "The QR code of a child's label (its GS1 Digital Link URI, else its permalink)",
    query: LabelQrQuery,
    response: { mediaTypes: ['image/svg+xml', 'image/png'], description: 'The QR code (Content-Disposition: attachment)' },
  },
];

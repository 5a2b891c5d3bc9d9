import { z } from 'zod';
import { HealthResponse } from '@ifu/contracts';
import type { ApiRoute } from '../api-docs/api-routes';

/** The query of a signed file URL (FileStore.signedUrl, files/local-file-store.ts). */
const SignedFileQuery = z.object({
  type: z.string().max(100).meta({ description: 'The content type the link was signed for' }),
  expires: z.string().max(12).meta({ description: 'Unix seconds' }),
  name: z.string().max(300).optional(),
  signature: z.string().max(100),
});

/** Health and readiness (health-routes.ts), signed file URLs (files/file-routes.ts). */
export const platformApi: ApiRoute[] = [
  { method: 'get', path: '/health', access: 'public', summary: 'Liveness: the process answers, and the event log verifies (503 event-log-broken names the first link that does not)', response: HealthResponse },
  { method: 'get', path: '/ready', access: 'public', summary: 'Readiness: the database and the event log answer, and the process is not shutting down', response: HealthResponse },
  {
    method: 'get',
    path: '/files/:sha256',
    access: 'signed-link',
    summary: 'A stored file through a short-lived signed URL (a logo in a staff answer)',
    query: SignedFileQuery,
    response: { mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'], description: 'The file, its checksum verified while streaming' },
  },
];

import { z } from 'zod';
import type { ApiRoute } from '../platform/api-routes';

/** The query of a signed file URL (FileStore.signedUrl, files/local-file-store.ts). */
const SignedFileQuery = z.object({
  type: z.string().max(100).meta({ description: 'The content type the link was signed for' }),
  expires: z.string().max(12).meta({ description: 'Unix seconds' }),
  name: z.string().max(300).optional(),
  signature: z.string().max(100),
});

/** Signed file URLs (file-routes.ts). */
export const filesApi: ApiRoute[] = [
  {
    method: 'get',
    path: '/files/:sha256',
    access: 'signed-link',
    summary: 'A stored file through a short-lived signed URL (a logo in a staff answer)',
    query: SignedFileQuery,
    response: { mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'], description: 'The file, its checksum verified while streaming' },
  },
];

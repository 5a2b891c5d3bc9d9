import {
  PaperCopyDispatchResponse,
  PaperCopyDocumentResponse,
  PaperCopyListQuery,
  PaperCopyListResponse,
  PaperCopyRequestBody,
  PaperCopyResponse,
} from '@ifu/contracts';
import type { ApiRoute } from '../platform/api-routes';

/** The routes of routes.ts, for the API reference. */
export const paperCopiesApi: ApiRoute[] = [
  { method: 'get', path: '/module2/paperCopyDocument/:documentNumber', access: 'public', summary: 'The public document a paper copy can be asked for', response: PaperCopyDocumentResponse },
  { method: 'post', path: '/module2/paperCopyRequest', access: 'public', summary: 'Asks for a paper copy of the current version (EU 2021/2226)', body: PaperCopyRequestBody, response: PaperCopyResponse },
  { method: 'get', path: '/paperCopyRequests', access: 'admin', summary: 'The paper copy requests (status=open|all)', query: PaperCopyListQuery, response: PaperCopyListResponse },
  { method: 'post', path: '/paperCopyRequests/:id/dispatch', access: 'admin', ifMatch: true, takesNoBody: true, summary: 'Marks a paper copy dispatched', response: PaperCopyDispatchResponse },
];

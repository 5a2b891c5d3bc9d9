import type { PaperCopyDocumentResponse, PaperCopyRequest } from '@ifu/contracts/public';
import { callApi, isObject, messageOf } from '../../lib/http';
import { paperCopyText as text } from '../../messages/paper-copy';

export type DocumentLookup = { kind: 'found'; document: PaperCopyDocumentResponse } | { kind: 'refused'; message: string } | { kind: 'failed' };

/** GET /module2/paperCopyDocument/:documentNumber: the public document and its version now. */
export async function findPaperCopyDocument(apiUrl: string, documentNumber: string, signal?: AbortSignal): Promise<DocumentLookup> {
  try {
    const { status, body } = await callApi(apiUrl, `/module2/paperCopyDocument/${encodeURIComponent(documentNumber)}`, { signal });
    if (status === 200 && isObject(body) && typeof body.documentNumber === 'string' && typeof body.version === 'number' && typeof body.docName === 'string') {
      return { kind: 'found', document: body as PaperCopyDocumentResponse };
    }
    // The server's 404 is the catalogue's English sentence: the reader's language says it.
    return status === 404 ? { kind: 'refused', message: text.notFound } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export type RequestAnswer =
  | { ok: true; message: string; requestId: string; reference?: string; dueDate: string }
  | { ok: false; message: string; status?: number };

/** POST /module2/paperCopyRequest. */
export async function sendPaperCopyRequest(apiUrl: string, request: PaperCopyRequest): Promise<RequestAnswer> {
  try {
    const { status, body } = await callApi(apiUrl, '/module2/paperCopyRequest', { body: request });
    if (status === 200 && isObject(body) && typeof body.requestId === 'string' && typeof body.dueDate === 'string') {
      const reference = typeof body.reference === 'string' ? body.reference : undefined;
      return { ok: true, message: messageOf(body) ?? '', requestId: body.requestId, ...(reference ? { reference } : {}), dueDate: body.dueDate };
    }
    return { ok: false, message: messageOf(body) ?? text.failed, status };
  } catch {
    return { ok: false, message: text.failed };
  }
}

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, saveFile } from '@/lib/api-client';

import { DOCUMENTS_QUERY_KEY } from './get-document-list';

export type LabelQrFormat = 'svg' | 'png';

const labelQrPath = (childDocumentId: string, format: LabelQrFormat) => `/document/labelQr/${encodeURIComponent(childDocumentId)}?format=${format}`;

/** GET /document/labelQr/:id: the QR code of the child's label, fetched with the bearer token. */
export const getLabelQr = async (childDocumentId: string, format: LabelQrFormat, signal?: AbortSignal) =>
  api.getFile(labelQrPath(childDocumentId, format), { accept: format === 'svg' ? 'image/svg+xml' : 'image/png', signal });

/** The SVG shown on the view page; the label's address is in the view itself, so the image follows it. */
export const useLabelQr = (childDocumentId: string, labelUrl: string) =>
  useQuery(
    queryOptions({
      queryKey: [...DOCUMENTS_QUERY_KEY, 'label-qr', childDocumentId, labelUrl],
      queryFn: async ({ signal }) => (await getLabelQr(childDocumentId, 'svg', signal)).blob,
      staleTime: 5 * 60_000,
    }),
  );

/** Saves the QR code for the label artwork as a file. */
export const downloadLabelQr = async (childDocumentId: string, documentNumber: string, format: LabelQrFormat) =>
  saveFile(await getLabelQr(childDocumentId, format), `label-${documentNumber}.${format}`);

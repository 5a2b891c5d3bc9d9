import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG_1X1 } from './images';

/** A small real PDF whose text is `lines` (one page), made with pdf-lib: what the text extraction must find. */
export async function makePdf(...lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 20, size: 12, font }));
  return Buffer.from(await pdf.save());
}

export interface FilePart {
  field: string;
  bytes: Buffer;
  name: string;
  type?: string;
}

export const pdfPart = (field: string, bytes: Buffer, name = 'document.pdf'): FilePart => ({ field, bytes, name, type: 'application/pdf' });
export const logoPart = (bytes: Buffer = PNG_1X1, name = 'logo.png'): FilePart => ({ field: 'parentLogo', bytes, name, type: 'image/png' });

/** A multipart body of text fields and files. */
export function multipart(fields: Record<string, string | undefined>, files: FilePart[] = []): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
  for (const file of files) body.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return body;
}

/** Sends a multipart request with a bearer token; status, parsed body and headers. */
export async function sendForm(baseUrl: string, method: string, path: string, body: FormData, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { method, body, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The Change/New fields of one child, as the wizard sends them (each test gives its own reference number). */
export const childFields = (overrides: Record<string, string> = {}) => ({
  associatedReferenceNumber: 'LOT-A-0001',
  productSubFamilyNameOne: 'PN-100-200',
  billMaterialInformation: 'BOM-7',
  countryList: 'DE,FR',
  languageList: 'de,fr',
  keywords: 'catheter sterile',
  changeDescription: 'First issue',
  changeJustification: 'New product',
  ...overrides,
});

/** The Start step's fields (effective date as the spec sends it, DD-MMM-YYYY). */
export const parentFields = (customerId: string, approverId: string, overrides: Record<string, unknown> = {}) => ({
  changeType: 'General Document',
  productFamilyName: 'Cardio Catheter',
  approverId,
  isInternal: false,
  customerId,
  effectiveDate: '01-Dec-2026',
  changeDescription: 'Initial release of the catheter IFUs',
  changeJustification: 'Market launch',
  ...overrides,
});

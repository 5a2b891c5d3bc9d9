import type { SignatureMeaning } from '@ifu/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export interface ManifestSignature {
  name: string;
  email: string;
  /** ISO-8601, UTC. */
  signedAt: string;
  meaning: SignatureMeaning;
}

export interface ManifestInput {
  documentId: string;
  documentNumber: string;
  approvalRoutingNumber: string;
  productFamilyName: string;
  docName: string;
  /** Of the stored original: a reader can check the pages before this one are that file. */
  sha256: string;
  /** Oldest first: the authorship signatures, then the approval. */
  signatures: ManifestSignature[];
  generatedAt: Date;
}

/** The PDF cannot take a page: encrypted, or not a PDF pdf-lib can read. */
export class ManifestUnavailable extends Error {
  constructor(reason: string) {
    super(`The signature manifest cannot be added: ${reason}`);
    this.name = 'ManifestUnavailable';
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `23-Nov-2026 15:04:05 UTC`: the audit's day format with the time. */
export function manifestTime(iso: string | Date): string {
  const at = new Date(iso);
  return `${pad(at.getUTCDate())}-${MONTHS[at.getUTCMonth()]}-${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

const MEANING: Record<SignatureMeaning, string> = {
  authorship: 'Authorship',
  approval: 'Approval',
  rejection: 'Rejection',
  deactivation: 'Deactivation',
  'file-deletion': 'File deletion',
};

/**
 * Helvetica encodes WinAnsi only: letters with accents it lacks lose them, anything else becomes '?', and control
 * characters go, so that no name can make the page fail.
 */
function printable(font: PDFFont, text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  const supported = new Set(font.getCharacterSet());
  return [...cleaned]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...bare].every((c) => supported.has(c.codePointAt(0)!)) && bare !== '' ? bare : '?';
    })
    .join('');
}

/** Lines of at most `width` points (long unbroken values such as a hash are cut anywhere). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** The original PDF with final page(s) listing its electronic signatures; the input bytes are never modified. */
export async function withSignatureManifest(original: Uint8Array, input: ManifestInput): Promise<Uint8Array> {
  let pdf: PDFDocument;
  try {
    // A copy: pdf-lib must never write into the stored original's buffer.
    pdf = await PDFDocument.load(Uint8Array.from(original), { updateMetadata: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ManifestUnavailable(/encrypt/i.test(message) ? 'the PDF is encrypted' : 'the PDF cannot be read');
  }
  if (pdf.isEncrypted) throw new ManifestUnavailable('the PDF is encrypted');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = pdf.getPages();
  const last = pages.at(-1);
  const [pageWidth, pageHeight] = last ? [last.getWidth(), last.getHeight()] : [595.28, 841.89];
  const margin = 50;
  const width = pageWidth - 2 * margin;

  let page: PDFPage = pdf.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;
  const newPageIfNeeded = (needed: number) => {
    if (y - needed >= margin + 30) return;
    page = pdf.addPage([pageWidth, pageHeight]);
    y = pageHeight - margin;
  };
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(font, size, printable(font, text), width)) {
      newPageIfNeeded(size + 4);
      page.drawText(line, { x: margin, y: y - size, size, font, color: rgb(0, 0, 0) });
      y -= size + 4;
    }
    y -= options.gap ?? 0;
  };

  write('Electronic signature manifest', { font: bold, size: 16, gap: 8 });
  write(`Change order: ${input.documentId}`);
  write(`Document number: ${input.documentNumber}`);
  write(`Approval routing number: ${input.approvalRoutingNumber}`);
  write(`Product family: ${input.productFamilyName}`);
  write(`File: ${input.docName}`);
  write(`SHA-256 of the file: ${input.sha256}`, { gap: 10 });
  write('Signatures', { font: bold, size: 12, gap: 4 });
  input.signatures.forEach((signature, index) => {
    newPageIfNeeded(60);
    write(`${index + 1}. ${signature.name} <${signature.email}>`, { font: bold });
    write(`Meaning: ${MEANING[signature.meaning]}`);
    write(`Signed: ${manifestTime(signature.signedAt)}`, { gap: 6 });
  });
  write(`Generated ${manifestTime(input.generatedAt)}. The stored original is unchanged; its SHA-256 is above.`, { size: 8, gap: 0 });
  return pdf.save();
}

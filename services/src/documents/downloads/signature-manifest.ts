import { SIGNATURE_MEANING_LABELS } from '@ifu/contracts';
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
  /**
   * Of the stored original, not of the PDF this module returns (pdf-lib writes the whole file anew): a reader compares
   * it with the original they are given.
   */
  sha256: string;
  /** Oldest first: the authorship signatures, then the approval. */
  signatures: ManifestSignature[];
  generatedAt: Date;
}

/** The PDF cannot take a page: encrypted, or not a PDF pdf-lib can read. */
export class ManifestUnavailable extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`The signature manifest cannot be added: ${reason}`, options);
    this.name = 'ManifestUnavailable';
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `23-Nov-2026 15:04:05 UTC`: the audit's day format with the time. */
export function manifestTime(iso: string | Date): string {
  const at = new Date(iso);
  // A signature's time is evidence: one that is not a date is printed as stored rather than as "NaN".
  if (Number.isNaN(at.getTime())) return String(iso);
  return `${pad(at.getUTCDate())}-${MONTHS[at.getUTCMonth()]}-${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}


/**
 * Helvetica encodes WinAnsi only and pdf-lib throws on anything else: letters with accents it lacks lose them, anything
 * else becomes '?', so that no name can make the page fail. Control characters (a line break in a name) become a space
 * and invisible format characters (zero-width space, direction marks) go, rather than printing as '?'.
 */
function printable(font: PDFFont, text: string): string {
  const cleaned = text.replace(/\p{Cc}+/gu, ' ').replace(/\p{Cf}/gu, '');
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
      // The longest prefix that fits, found by halving (a file name can be long); at least one character, so that
      // every round shortens the rest.
      let [fits, tooLong] = [1, rest.length];
      while (tooLong - fits > 1) {
        const middle = Math.floor((fits + tooLong) / 2);
        if (font.widthOfTextAtSize(rest.slice(0, middle), size) <= width) fits = middle;
        else tooLong = middle;
      }
      lines.push(rest.slice(0, fits));
      rest = rest.slice(fits);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

const A4: [number, number] = [595.28, 841.89];
/** Below this (points, either side) a signature block and its margins do not fit: such a last page gets A4. */
const SMALLEST_SIDE = 300;

/**
 * The size of the last page as a reader sees it: its crop box, turned with the page, so that the manifest prints like
 * the page before it. A4 when there is no page, or its boxes are missing or too small to hold the manifest.
 */
function sizeAfter(last: PDFPage | undefined): [number, number] {
  if (!last) return A4;
  let box: { width: number; height: number };
  try {
    box = last.getCropBox();
  } catch {
    // No MediaBox at all: the file breaks the PDF specification, but readers show it, so its manifest is still given.
    return A4;
  }
  const [width, height] = [Math.abs(box.width), Math.abs(box.height)];
  if (!(Math.min(width, height) >= SMALLEST_SIDE)) return A4;
  return Math.abs(last.getRotation().angle) % 180 === 90 ? [height, width] : [width, height];
}

/** The parsed document and its pages; pdf-lib's errors for a PDF it cannot use become ManifestUnavailable. */
async function readable(original: Uint8Array): Promise<{ pdf: PDFDocument; pages: PDFPage[] }> {
  try {
    // A copy: pdf-lib must never write into the stored original's buffer. Encryption is refused, not ignored: pdf-lib
    // cannot decrypt, and a page it saved into a file still marked encrypted would be decrypted by readers into garbage.
    const pdf = await PDFDocument.load(Uint8Array.from(original), { updateMetadata: false });
    // pdf-lib parses leniently (a header and nothing else loads), so a missing page tree only shows here.
    return { pdf, pages: pdf.getPages() };
  } catch (error) {
    // Not `instanceof EncryptedPDFError`: pdf-lib is compiled to ES5, where its Error subclasses are plain Errors.
    const encrypted = error instanceof Error && /\bis encrypted\b/.test(error.message);
    if (encrypted) throw new ManifestUnavailable('the PDF is encrypted', { cause: error });
    throw new ManifestUnavailable('the PDF cannot be read', { cause: error });
  }
}

/** The original PDF with final page(s) listing its electronic signatures; the input bytes are never modified. */
export async function withSignatureManifest(original: Uint8Array, input: ManifestInput): Promise<Uint8Array> {
  const { pdf, pages } = await readable(original);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight] = sizeAfter(pages.at(-1));
  const margin = 50;
  const width = pageWidth - 2 * margin;

  const addPage = () => {
    try {
      return pdf.addPage([pageWidth, pageHeight]);
    } catch (error) {
      // Adding a page walks the original's page tree, which pdf-lib reads only then (a wrong /Count, say).
      throw new ManifestUnavailable('the PDF page tree cannot take a page', { cause: error });
    }
  };
  let page = addPage();
  let y = pageHeight - margin;
  const newPageIfNeeded = (needed: number) => {
    if (y - needed >= margin + 30) return;
    page = addPage();
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
    write(`Meaning: ${SIGNATURE_MEANING_LABELS[signature.meaning]}`);
    write(`Signed: ${manifestTime(signature.signedAt)}`, { gap: 6 });
  });
  write(`Generated ${manifestTime(input.generatedAt)}. The stored original is unchanged; its SHA-256 is above.`, { size: 8, gap: 0 });
  return pdf.save();
}

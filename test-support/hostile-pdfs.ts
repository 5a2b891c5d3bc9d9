import { createDeflate } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

/** A zlib stream of `chunk` repeated `times` times, compressed while it is made (never held uncompressed). */
async function deflateRepeated(chunk: Buffer, times: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => out.push(piece));
  const finished = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  for (let i = 0; i < times; i += 1) {
    if (!deflate.write(chunk)) await new Promise<void>((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return Buffer.concat(out);
}

/**
 * A PDF bomb of the penetration test's kind: one page whose compressed content stream draws
 * `line` again and again, `decodedBytes` of drawing operators in all. The file stays small (a few hundred KB for
 * hundreds of MB decoded); its text expands to about `decodedBytes` / 2.
 */
export async function pdfWithExpandingText(line: string, decodedBytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('x', { font, size: 12 });
  // The name pdf-lib gave the font in the page's resources ('/F1-0' or the like).
  const fontKey = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).keys()[0]!.asString();
  const operator = Buffer.from(`BT ${fontKey} 12 Tf 50 700 Td (${line}) Tj ET\n`, 'latin1');
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / operator.length));
  const chunk = Buffer.concat(Array.from({ length: perChunk }, () => operator));
  const content = await deflateRepeated(chunk, Math.max(1, Math.ceil(decodedBytes / chunk.length)));
  const stream = pdf.context.stream(content, { Filter: 'FlateDecode', Length: content.length });
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A PDF of `pages` pages, page n saying `Page n: <text>`. */
export async function pdfWithPages(pages: number, text = 'sterile single use'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) pdf.addPage([595, 842]).drawText(`Page ${n}: ${text}`, { x: 50, y: 780, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** A file that starts as a PDF and goes on as something else: HTML or SVG after `%PDF-1.7`. */
export const pdfPolyglot = (kind: 'html' | 'svg'): Buffer =>
  Buffer.from(
    kind === 'html'
      ? '%PDF-1.7\n<html><body><script>alert(document.domain)</script></body></html>\n'
      : '%PDF-1.7\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>\n',
  );

/**
 * A PDF bomb for a reader that unpacks every object stream as it loads (pdf-lib does; pdf.js only when an object in it
 * is asked for): one page, and an object stream nothing refers to whose data inflates to `decodedBytes`. The file
 * stays small; pdf.js opens it, its text and first page read as usual.
 */
export async function pdfWithExpandingObjectStream(decodedBytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Sterile single use', { x: 50, y: 780, size: 12, font });
  const chunk = Buffer.alloc(1024 * 1024, '0 ');
  const content = await deflateRepeated(chunk, Math.max(1, Math.ceil(decodedBytes / chunk.length)));
  pdf.context.register(pdf.context.stream(content, { Type: 'ObjStm', N: 1, First: 4, Filter: 'FlateDecode', Length: content.length }));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

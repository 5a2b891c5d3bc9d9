import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';

/** What one demo IFU says: its titles in each of its languages, the product, the lot, and a few paragraphs. */
export interface DemoIfu {
  /** One title per language of the document, e.g. `['Instructions for use', 'Gebrauchsanweisung']`. */
  titles: string[];
  product: string;
  partNumber: string;
  lotNumber: string;
  manufacturer: string;
  /** Headed sections; each body is wrapped to the page width. */
  sections: Array<{ heading: string; body: string }>;
}

const A4: [number, number] = [595, 842];
const MARGIN = 56;

/** Splits `text` into lines that fit `width` in `font` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A small, real IFU as a PDF (pdf-lib, standard Helvetica, so Latin-1 text only): the titles, a product block with
 * part and lot number, then the sections, over as many A4 pages as they need. Its text is extractable, as the
 * documents feature's search expects.
 */
export async function makeDemoIfuPdf(ifu: DemoIfu): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(ifu.titles.join(' / '));
  pdf.setAuthor(ifu.manufacturer);
  pdf.setSubject(`${ifu.product} (${ifu.partNumber}), lot ${ifu.lotNumber}`);
  pdf.setCreator('IFU Portal demo data');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;

  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPageIfNeeded = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const write = (text: string, font: PDFFont, size: number, gapAfter = 4, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrap(text, font, size, width)) {
      newPageIfNeeded(size + gapAfter);
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= gapAfter;
    }
  };

  write(ifu.titles[0]!, bold, 20, 6, rgb(0.05, 0.2, 0.45));
  for (const title of ifu.titles.slice(1)) write(title, bold, 13, 4, rgb(0.25, 0.35, 0.55));
  y -= 10;
  write(ifu.product, bold, 14, 6);
  write(`Part number: ${ifu.partNumber}    LOT: ${ifu.lotNumber}`, regular, 11);
  write(`Manufacturer: ${ifu.manufacturer}`, regular, 11);
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  y -= 14;
  for (const section of ifu.sections) {
    newPageIfNeeded(40);
    write(section.heading, bold, 12, 5);
    write(section.body, regular, 10.5, 3.5);
    y -= 10;
  }
  return Buffer.from(await pdf.save());
}

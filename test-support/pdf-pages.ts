import jsQR from 'jsqr';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';

/** Each page's text as the product extracts it (unpdf, pdf.js), whitespace collapsed: a served PDF's last page is its currency page. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(Uint8Array.from(bytes)), { mergePages: false });
  return (text as string[]).map((page) => page.replace(/\s+/g, ' ').trim());
}

/** The text a QR code in the last page's images reads as (its pixels as the PDF holds them, decoded by jsQR). */
export async function qrOnLastPage(bytes: Uint8Array): Promise<string | undefined> {
  const pdf = await PDFDocument.load(bytes);
  const images = pdf.getPages().at(-1)!.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  for (const ref of images?.values() ?? []) {
    const image = pdf.context.lookup(ref);
    if (!(image instanceof PDFRawStream)) continue;
    const width = image.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = image.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    const samples = decodePDFRawStream(image).decode();
    const components = samples.length / (width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      for (let c = 0; c < 3; c += 1) rgba[i * 4 + c] = samples[i * components + (components === 1 ? 0 : c)]!;
      rgba[i * 4 + 3] = 255;
    }
    const read = jsQR(rgba, width, height)?.data;
    if (read) return read;
  }
  return undefined;
}

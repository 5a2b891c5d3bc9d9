// Adds the currency page to PDFs in a long-lived process of its own (currency-stamp.ts keeps a few warm in a pool of
// pdf-process.ts, which holds each file to memory and time limits): a hostile PDF that exhausts pdf-lib ends this
// process, never the API. Plain JavaScript, so that it starts without a compiler, as pdf-worker.mjs.
//
// It speaks the jobs protocol of pdf-job-protocol.mjs, mode "stamp", the job line carrying `stamp`: what to print
// ({ kind: 'version', permalink, currentPermalink, version, issued }, or { kind: 'draft' | 'unpublished',
// documentNumber }; either with `lang`, the page's language).
// The answer: {"type":"bytes","data":"<base64>"} pieces of the bytes to append to the PDF, an incremental update
// (ISO 32000-1 §7.5.6) holding the new last page, the page tree nodes it changes and a cross-reference section whose
// /Prev is the original's, then {"type":"done"}. The original's bytes are never rewritten, so the served file starts
// with the stored file exactly. On failure {"type":"error","message":"encrypted"} or "unreadable: <the reader's reason>".
/* global Buffer */
import { PDFDocument, PDFStream, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { serveJobs } from '../files/pdf-job-protocol.mjs';

/** The appendix goes out in pieces of this many bytes (base64 a third larger), so the parent's line buffer stays small. */
const PIECE_BYTES = 48 * 1024;

/** Why a PDF cannot take the page: said to the parent as the job's error. */
class Unstampable extends Error {}
const fail = (line) => {
  throw new Unstampable(String(line).replace(/\s+/g, ' ').slice(0, 200));
};

/** Where the original's last cross-reference section is, and whether it is a table (`xref`) or a stream. */
function lastCrossReference(bytes) {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  const at = tail.lastIndexOf('startxref');
  const offset = at < 0 ? NaN : Number(/^startxref\s+(\d+)/.exec(tail.slice(at))?.[1]);
  if (!Number.isSafeInteger(offset) || offset >= bytes.length) return undefined;
  const there = Buffer.from(bytes.subarray(offset, offset + 64)).toString('latin1');
  if (/^\s*xref\b/.test(there)) return { offset, table: true };
  if (/^\s*\d+\s+\d+\s+obj\b/.test(there)) return { offset, table: false };
  return undefined;
}

/**
 * The page's words in the reader's language (`stamp.lang`: en, de, fr, es, it; English otherwise). Helvetica's
 * WinAnsi holds every letter of the five.
 */
const WORDS = {
  en: {
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    title: 'Is this copy current?',
    check: (url) => `Check that this copy is current: ${url}`,
    version: (n, day) => `Version ${n}, issued ${day}`,
    thisVersion: (url) => `This version: ${url}`,
    scan: 'Scan the code to open this version online: a newer version, if there is one, is named there.',
    unpublishedTitle: 'Not published at present',
    unpublished: (doc) => `Document ${doc} was approved but has no public version now (its customer or the document was withdrawn). Check with the manufacturer before using this copy.`,
    draftTitle: 'Draft: not approved',
    draft: (doc) => `Document ${doc} has not been approved. This copy is not an instruction for use.`,
  },
  de: {
    months: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sep.', 'Okt.', 'Nov.', 'Dez.'],
    title: 'Ist dieses Exemplar aktuell?',
    check: (url) => `Prüfen Sie, ob dieses Exemplar aktuell ist: ${url}`,
    version: (n, day) => `Version ${n}, ausgegeben am ${day}`,
    thisVersion: (url) => `Diese Version: ${url}`,
    scan: 'Scannen Sie den Code, um diese Version online zu öffnen: Eine neuere Version ist dort genannt, falls es sie gibt.',
    unpublishedTitle: 'Derzeit nicht veröffentlicht',
    unpublished: (doc) => `Dokument ${doc} wurde freigegeben, hat aber derzeit keine öffentliche Version (Kunde oder Dokument zurückgezogen). Fragen Sie beim Hersteller nach, bevor Sie dieses Exemplar verwenden.`,
    draftTitle: 'Entwurf: nicht freigegeben',
    draft: (doc) => `Dokument ${doc} wurde nicht freigegeben. Dieses Exemplar ist keine Gebrauchsanweisung.`,
  },
  fr: {
    months: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    title: 'Cet exemplaire est-il à jour ?',
    check: (url) => `Vérifiez que cet exemplaire est à jour : ${url}`,
    version: (n, day) => `Version ${n}, publiée le ${day}`,
    thisVersion: (url) => `Cette version : ${url}`,
    scan: 'Scannez le code pour ouvrir cette version en ligne : une version plus récente, s’il en existe une, y est indiquée.',
    unpublishedTitle: 'Non publié actuellement',
    unpublished: (doc) => `Le document ${doc} a été approuvé mais n’a pas de version publique actuellement (client ou document retiré). Renseignez-vous auprès du fabricant avant d’utiliser cet exemplaire.`,
    draftTitle: 'Brouillon : non approuvé',
    draft: (doc) => `Le document ${doc} n’a pas été approuvé. Cet exemplaire n’est pas une notice d’utilisation.`,
  },
  es: {
    months: ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'],
    title: '¿Está vigente este ejemplar?',
    check: (url) => `Compruebe que este ejemplar está vigente: ${url}`,
    version: (n, day) => `Versión ${n}, publicada el ${day}`,
    thisVersion: (url) => `Esta versión: ${url}`,
    scan: 'Escanee el código para abrir esta versión en línea: allí se indica una versión más reciente, si la hay.',
    unpublishedTitle: 'No publicado actualmente',
    unpublished: (doc) => `El documento ${doc} se aprobó pero ahora no tiene versión pública (se retiró el cliente o el documento). Consulte al fabricante antes de usar este ejemplar.`,
    draftTitle: 'Borrador: no aprobado',
    draft: (doc) => `El documento ${doc} no se ha aprobado. Este ejemplar no es una instrucción de uso.`,
  },
  it: {
    months: ['gen.', 'feb.', 'mar.', 'apr.', 'mag.', 'giu.', 'lug.', 'ago.', 'set.', 'ott.', 'nov.', 'dic.'],
    title: 'Questa copia è aggiornata?',
    check: (url) => `Verifichi che questa copia sia aggiornata: ${url}`,
    version: (n, day) => `Versione ${n}, emessa il ${day}`,
    thisVersion: (url) => `Questa versione: ${url}`,
    scan: 'Scansioni il codice per aprire questa versione online: lì è indicata una versione più recente, se esiste.',
    unpublishedTitle: 'Attualmente non pubblicato',
    unpublished: (doc) => `Il documento ${doc} è stato approvato ma ora non ha una versione pubblica (cliente o documento ritirato). Verifichi con il fabbricante prima di usare questa copia.`,
    draftTitle: 'Bozza: non approvata',
    draft: (doc) => `Il documento ${doc} non è stato approvato. Questa copia non è un’istruzione per l’uso.`,
  },
};
/** The bytes to append to `original` so that its last page is the currency page `stamp` describes. */
async function appendixOf(original, stamp) {
  const previous = lastCrossReference(original);
  // An update needs a cross-reference section to chain to; a file readers only open by reconstructing it has none.
  if (!previous) fail('unreadable: no cross-reference section at startxref');

  let pdf;
  try {
    pdf = await PDFDocument.load(original, { updateMetadata: false });
  } catch (error) {
    if (/\bis encrypted\b/.test(String(error?.message))) fail('encrypted');
    fail(`unreadable: ${error?.message ?? error}`);
  }

  const context = pdf.context;
  // pdf-lib does not keep the object streams and cross-reference streams it unpacked, so its largest number can be below
  // theirs: new objects are numbered above every `n g obj` in the file too (a number seen inside a stream's data only
  // makes them larger, which is harmless).
  let largest = context.largestObjectNumber;
  const headers = /(\d{1,10})\s+\d{1,5}\s+obj\b/g;
  const latin1 = Buffer.from(original.buffer, original.byteOffset, original.length).toString('latin1');
  for (let match = headers.exec(latin1); match; match = headers.exec(latin1)) largest = Math.max(largest, Number(match[1]));
  context.largestObjectNumber = largest;
  const firstNew = largest + 1;
  /** Every original object but its streams (which the page does not touch), as written now, to find what changes. */
  const before = new Map();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) before.set(ref.tag, object.toString());
  }

  const words = Object.hasOwn(WORDS, stamp.lang) ? WORDS[stamp.lang] : WORDS.en;
  /** `YYYY-MM-DD` as `05 Nov 2026` (the month named in the page's language). */
  const dayOf = (iso) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(iso));
    return match ? `${match[3]} ${words.months[Number(match[2]) - 1]} ${match[1]}` : String(iso);
  };

  const A4 = [595.28, 841.89];
  /** The page as big as the last one as a reader sees it (its crop box, turned), A4 when that is missing or small. */
  function sizeAfter(last) {
    try {
      const box = last.getCropBox();
      const [width, height] = [Math.abs(box.width), Math.abs(box.height)];
      if (!(Math.min(width, height) >= 300) || Math.max(width, height) > 14400) return A4;
      return Math.abs(last.getRotation().angle) % 180 === 90 ? [height, width] : [width, height];
    } catch {
      return A4;
    }
  }

  let page;
  try {
    const pages = pdf.getPages();
    page = pdf.addPage(pages.length > 0 ? sizeAfter(pages.at(-1)) : A4);
  } catch (error) {
    fail(`unreadable: the page tree cannot take a page (${error?.message ?? error})`);
  }
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const margin = 50;
  let y = pageHeight - margin;

  /** Helvetica is WinAnsi: a character it lacks loses its accent or becomes '?', so that no value can make this fail. */
  const printable = (font, text) => {
    const supported = new Set(font.getCharacterSet());
    return [...String(text).replace(/\p{Cc}+/gu, ' ').replace(/\p{Cf}/gu, '')]
      .map((char) => {
        if (supported.has(char.codePointAt(0))) return char;
        const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
        return bare !== '' && [...bare].every((c) => supported.has(c.codePointAt(0))) ? bare : '?';
      })
      .join('');
  };
  /** Writes `text` in lines no wider than the page's margins (a long address is cut anywhere). */
  const write = (text, { font = regular, size = 11, gap = 4 } = {}) => {
    let rest = printable(font, text);
    while (rest.length > 0) {
      let fits = rest.length;
      while (fits > 1 && font.widthOfTextAtSize(rest.slice(0, fits), size) > pageWidth - 2 * margin) fits -= 1;
      page.drawText(rest.slice(0, fits), { x: margin, y: y - size, size, font, color: rgb(0, 0, 0) });
      y -= size + 4;
      rest = rest.slice(fits);
    }
    y -= gap;
  };

  if (stamp.kind === 'version') {
    write(words.title, { font: bold, size: 16, gap: 8 });
    write(words.check(stamp.currentPermalink));
    write(words.version(stamp.version, dayOf(stamp.issued)), { font: bold });
    write(words.thisVersion(stamp.permalink), { gap: 12 });
    const png = await QRCode.toBuffer(stamp.permalink, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 });
    const image = await pdf.embedPng(png);
    const side = 144;
    page.drawImage(image, { x: margin, y: y - side, width: side, height: side });
    y -= side + 8;
    write(words.scan, { size: 9 });
  } else if (stamp.kind === 'unpublished') {
    write(words.unpublishedTitle, { font: bold, size: 16, gap: 8 });
    write(words.unpublished(stamp.documentNumber));
  } else {
    write(words.draftTitle, { font: bold, size: 16, gap: 8 });
    write(words.draft(stamp.documentNumber));
  }
  await pdf.flush();

  // What the update holds: each object made for the page, and each original object the page changed (the page tree
  // nodes whose /Kids and /Count grew).
  const written = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (ref.objectNumber >= firstNew || (before.has(ref.tag) && before.get(ref.tag) !== object.toString())) written.push([ref, object]);
  }
  written.sort(([a], [b]) => a.objectNumber - b.objectNumber);

  const out = [];
  let length = original.length;
  const push = (bytes) => {
    out.push(bytes);
    length += bytes.length;
  };
  const text = (s) => push(Buffer.from(s, 'latin1'));
  text('\n');
  const offsets = new Map();
  for (const [ref, object] of written) {
    offsets.set(ref.objectNumber, { offset: length, generation: ref.generationNumber });
    text(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    push(body);
    text('\nendobj\n');
  }

  /** Runs of consecutive object numbers, as a cross-reference section lists them. */
  const runs = (numbers) => {
    const found = [];
    for (const n of numbers) {
      const last = found.at(-1);
      if (last && last[0] + last[1] === n) last[1] += 1;
      else found.push([n, 1]);
    }
    return found;
  };
  const trailer = context.trailerInfo;
  const trailerEntries = [`/Root ${trailer.Root}`, trailer.Info ? `/Info ${trailer.Info}` : '', trailer.ID ? `/ID ${trailer.ID}` : ''].filter(Boolean).join(' ');
  const xrefAt = length;

  if (previous.table) {
    const numbers = [...offsets.keys()];
    let section = 'xref\n';
    for (const [start, count] of runs(numbers)) {
      section += `${start} ${count}\n`;
      for (let n = start; n < start + count; n += 1) {
        const { offset, generation } = offsets.get(n);
        section += `${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} n\r\n`;
      }
    }
    text(`${section}trailer\n<< /Size ${context.largestObjectNumber + 1} /Prev ${previous.offset} ${trailerEntries} >>\n`);
  } else {
    // The original's last section is a stream: the update's is one too (ISO 32000-1 §7.5.8), naming itself.
    const self = context.largestObjectNumber + 1;
    offsets.set(self, { offset: xrefAt, generation: 0 });
    const numbers = [...offsets.keys()].sort((a, b) => a - b);
    const rows = Buffer.alloc(numbers.length * 7);
    numbers.forEach((n, i) => {
      const { offset, generation } = offsets.get(n);
      rows.writeUInt8(1, i * 7);
      rows.writeUInt32BE(offset, i * 7 + 1);
      rows.writeUInt16BE(generation, i * 7 + 5);
    });
    const index = runs(numbers).flat().join(' ');
    text(
      `${self} 0 obj\n<< /Type /XRef /Size ${self + 1} /W [1 4 2] /Index [${index}] /Prev ${previous.offset} ${trailerEntries} /Length ${rows.length} >>\nstream\n`,
    );
    push(rows);
    text('\nendstream\nendobj\n');
  }
  text(`startxref\n${xrefAt}\n%%EOF\n`);

  return Buffer.concat(out);
}

// Last: the constants above are initialised before the first job.
await serveJobs(async (job, bytes, tell) => {
  try {
    const appendix = await appendixOf(bytes, job.stamp ?? {});
    for (let at = 0; at < appendix.length; at += PIECE_BYTES) await tell({ type: 'bytes', data: appendix.subarray(at, at + PIECE_BYTES).toString('base64') });
    await tell({ type: 'done' });
  } catch (error) {
    const message = error instanceof Unstampable ? error.message : `unreadable: ${error?.message ?? error}`;
    await tell({ type: 'error', message: message.replace(/\s+/g, ' ').slice(0, 200) });
  }
});

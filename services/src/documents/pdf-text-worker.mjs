// Extracts the text of one PDF read from stdin and writes it to stdout as JSON ({ pages, text }).
// Runs as its own process (pdf-text.ts): a 50 MB document parsed here never grows the API's memory, and a hostile PDF
// that hangs or exhausts the parser only ends this process. Plain JavaScript, so it starts without a compiler.
/* global process, Buffer */
import { extractText, getDocumentProxy } from 'unpdf';

const MAX_TEXT = Number(process.env.PDF_TEXT_MAX_CHARS ?? 1_000_000);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)), { isEvalSupported: false, disableFontFace: true });
const { totalPages, text } = await extractText(pdf, { mergePages: true });
// Whitespace runs collapsed: search needs the words, not the layout.
// eslint-disable-next-line no-control-regex -- NUL cannot be stored in a PostgreSQL text column
const words = String(text).replace(/[\u0000\s]+/g, ' ').trim().slice(0, MAX_TEXT);
process.stdout.write(JSON.stringify({ pages: totalPages, text: words }));

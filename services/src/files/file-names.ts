import type { ContentType } from './sniff';

/**
 * Characters a file name never keeps (issue 19, finding 8): C0 and C1 control characters and DEL, and the
 * bidirectional controls that make a name read otherwise than it is ('invoice‮fdp.exe' shown as 'invoiceexe.pdf'):
 * embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const STRIPPED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The longest name kept, in characters (a file system's usual limit). */
export const MAX_FILE_NAME = 255;

/** A client's file name as shown and stored: Unicode NFC, the characters above removed, spaces at the ends trimmed. */
export function cleanFileName(name: string): string {
  return name.normalize('NFC').replace(STRIPPED, '').trim();
}

const EXTENSION: Partial<Record<ContentType, string>> = { 'application/pdf': '.pdf' };

/**
 * The name a stored file keeps, ending in the extension of its type (a PDF's name ends in `.pdf` whatever the client
 * called it: 'ifu.html' becomes 'ifu.html.pdf'); `fallback` when nothing is left of it.
 */
export function storedFileName(name: string, type: ContentType, fallback = 'document'): string {
  const extension = EXTENSION[type];
  const base = name || (extension ? fallback : '');
  if (!extension || base.toLowerCase().endsWith(extension)) return base;
  return `${[...base].slice(0, MAX_FILE_NAME - extension.length).join('')}${extension}`;
}

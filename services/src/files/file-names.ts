import { INVISIBLE_CHARACTERS } from '@ifu/contracts';
import type { ContentType } from './sniff';

/**
 * Characters a file name never keeps: C0 and C1 control characters and DEL, and the
 * bidirectional controls that make a name read otherwise than it is ('invoice‮fdp.exe' shown as 'invoiceexe.pdf'):
 * embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const STRIPPED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/**
 * Symbols drawn as a slash or a backslash, which would make a name look like a path ('invoices∕2026.pdf'): fraction
 * and division slashes, big and full-width solidus, box-drawing and mathematical diagonals, set minus, reverse solidus
 * operators. Each becomes '_'. Letters that resemble a slash (Katakana ノ, CJK 丿) stay: they are words.
 */
const SLASH_LOOK_ALIKES = /[\u2044\u2215\u2571\u27cb\u29f8\uff0f\u2216\u2572\u27cd\u29f5\u29f9\ufe68\uff3c]/g;

/** Combining marks kept on one base character: enough for any letter a language writes (ệ, ǘ), not a stack that overprints its neighbours. */
export const MAX_MARKS_PER_CHARACTER = 2;

/** The longest name kept, in characters (a file system's usual limit). */
export const MAX_FILE_NAME = 255;

const COMBINING_MARK = /\p{M}/u;

/** `name` with at most MAX_MARKS_PER_CHARACTER combining marks after each base character (the marks after those dropped). */
function capCombiningMarks(name: string): string {
  let marks = 0;
  let kept = '';
  for (const character of name) {
    marks = COMBINING_MARK.test(character) ? marks + 1 : 0;
    if (marks <= MAX_MARKS_PER_CHARACTER) kept += character;
  }
  return kept;
}

/**
 * A client's file name as shown and stored: Unicode NFC; the characters above and every invisible one (zero-width
 * characters, word joiner, byte-order mark, Hangul fillers: contracts' INVISIBLE_CHARACTERS) removed; slash
 * look-alikes replaced; combining marks capped per character; spaces at the ends trimmed.
 */
export function cleanFileName(name: string): string {
  const visible = name.normalize('NFC').replace(STRIPPED, '').replace(INVISIBLE_CHARACTERS, '').replace(SLASH_LOOK_ALIKES, '_');
  return capCombiningMarks(visible.normalize('NFD')).normalize('NFC').trim();
}

/** A name that is an extension and nothing before it ('.pdf', ' .pdf' once cleaned): it names no document. */
export function isOnlyExtension(cleanName: string): boolean {
  const dot = cleanName.lastIndexOf('.');
  return dot >= 0 && cleanName.slice(0, dot).trim() === '';
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

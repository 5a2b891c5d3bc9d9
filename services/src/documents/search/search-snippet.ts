import type { SnippetPart } from '@ifu/contracts';

/** Words of a text: letters and digits, with inner hyphens and apostrophes (`LOT-A1`, `l'appareil`). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const WORDS_BEFORE = 8;
const WORDS_AFTER = 16;

/** Lower case without accents: how the search compares words (as its unaccent configurations do). */
// eslint-disable-next-line no-control-regex -- plain ASCII needs no decomposition: the fast path for most words
const fold = (word: string) => (/^[\u0000-\u007f]*$/.test(word) ? word.toLowerCase() : word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());

/** Characters of text around the first match that the passage is cut from (a passage is about 25 words). */
const WINDOW_BEFORE = 160;
const WINDOW_AFTER = 400;

/**
 * Where the first searched word starts in `text`, found in its folded copy with native string search (so a long text
 * is not taken apart word by word), or -1. Folding keeps positions when it keeps the length (accented letters become
 * their base letter); when it does not, the start of the text is searched word by word instead.
 */
function firstMatchAt(text: string, stems: string[]): number | undefined {
  const folded = fold(text);
  if (folded.length !== text.length) return undefined;
  let first = -1;
  for (const stem of stems) {
    for (let at = folded.indexOf(stem); at >= 0 && (first < 0 || at < first); at = folded.indexOf(stem, at + 1)) {
      // A word that starts with the stem (a number fragment may sit inside a word).
      if (at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1]!) || /\d/.test(stem)) {
        first = at;
        break;
      }
    }
  }
  return first;
}

/**
 * What a text's word must start with to count as one of the searched words: the word's stem, roughly (a word of up
 * to 4 letters whole, a longer one its first 70 %, at least 4), so that 'catheters' marks 'catheter' and 'sterile'
 * marks 'sterilisation' as the stemmed search finds them. Words the search excludes (`-word`) and `or` are not marked.
 */
export function markedStems(searchWords: string): string[] {
  const stems = new Set<string>();
  for (const raw of searchWords.split(/\s+/)) {
    if (raw.startsWith('-') || raw.toLowerCase() === 'or') continue;
    for (const word of fold(raw).match(WORD) ?? []) {
      stems.add(word.length <= 4 ? word : word.slice(0, Math.max(4, Math.ceil(word.length * 0.7))));
    }
  }
  return [...stems];
}

/**
 * A short passage of `text` around the first searched word it holds, as plain parts with the searched words marked:
 * never markup, so no text of a document can become HTML on a screen. Empty when no searched word is in it.
 */
export function snippetOf(text: string, searchWords: string): SnippetPart[] {
  const stems = markedStems(searchWords);
  if (stems.length === 0 || text === '') return [];
  const at = firstMatchAt(text, stems);
  if (at === -1) return [];
  if (at !== undefined && (at > WINDOW_BEFORE || text.length > at + WINDOW_AFTER)) {
    // Cut at spaces, so that no word is split at the window's edges.
    const from = at > WINDOW_BEFORE ? text.indexOf(' ', at - WINDOW_BEFORE) + 1 : 0;
    const end = text.lastIndexOf(' ', at + WINDOW_AFTER);
    const window = text.slice(from, end > at ? end : text.length);
    const parts = passage(window, stems);
    if (from > 0 && parts[0] && !parts[0].text.startsWith('…')) parts.unshift({ text: '… ', match: false });
    if (end > at && end < text.length && !parts.at(-1)?.text.endsWith('…')) parts.push({ text: ' …', match: false });
    return parts;
  }
  return passage(at === undefined ? text.slice(0, 4000) : text, stems);
}

/** The passage around the first marked word of `text` (already cut to a window, or short). */
function passage(text: string, stems: string[]): SnippetPart[] {
  const matches = (word: string) => {
    const folded = fold(word);
    return stems.some((stem) => folded.startsWith(stem) || (/\d/.test(stem) && folded.includes(stem)));
  };
  const words: { start: number; end: number; marked: boolean }[] = [];
  let first = -1;
  for (const found of text.matchAll(WORD)) {
    const marked = matches(found[0]);
    words.push({ start: found.index, end: found.index + found[0].length, marked });
    if (marked && first < 0) first = words.length - 1;
    // Stop once the passage after the first match is complete: the rest of a long text is never read.
    if (first >= 0 && words.length > first + WORDS_AFTER) break;
  }
  if (first < 0) return [];
  const from = Math.max(0, first - WORDS_BEFORE);
  const to = Math.min(words.length - 1, first + WORDS_AFTER);
  const parts: SnippetPart[] = [];
  const push = (part: SnippetPart) => {
    const last = parts.at(-1);
    if (last && last.match === part.match) last.text += part.text;
    else parts.push(part);
  };
  if (from > 0) push({ text: '… ', match: false });
  for (let i = from; i <= to; i++) {
    const word = words[i]!;
    if (i > from) push({ text: text.slice(words[i - 1]!.end, word.start).replace(/\s+/g, ' '), match: false });
    push({ text: text.slice(word.start, word.end), match: word.marked });
  }
  if (/[\p{L}\p{N}]/u.test(text.slice(words[to]!.end))) push({ text: ' …', match: false });
  return parts;
}

import type { SnippetPart } from '@ifu/contracts';

/** Words of a text: letters and digits, with inner hyphens and apostrophes (`LOT-A1`, `l'appareil`). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const WORDS_BEFORE = 8;
const WORDS_AFTER = 16;

/** Lower case without accents: how the search compares words (as its unaccent configurations do). */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

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

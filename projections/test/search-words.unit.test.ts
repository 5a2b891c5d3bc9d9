import { describe, expect, it } from 'vitest';
import { containsPattern, MAX_SEARCH_WORDS, searchWords, snippetNeedles } from '../src/document-search/queries';
import { configsForLanguages } from '../src/document-search/search-configs';

describe('search input', () => {
  it('takes each word once (case aside) and at most MAX_SEARCH_WORDS of them', () => {
    expect(searchWords('  Sterile  sterile STERILE catheter ')).toBe('Sterile catheter');
    expect(searchWords(Array(40).fill('a').join(' '))).toBe('a');
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')).split(' ')).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords('')).toBe('');
  });

  it("takes the user's LIKE wildcards literally", () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('indexes a document in the stemming configurations of its languages, else without stemming', () => {
    expect(configsForLanguages('de,fr,de')).toEqual(['ifu_german', 'ifu_french']);
    expect(configsForLanguages('xx,zu')).toEqual(['ifu_simple']);
    expect(configsForLanguages('nb,nn,no')).toEqual(['ifu_norwegian']);
  });

  it("places a snippet's window by each stem at a word's start in its three cases, a number fragment anywhere", () => {
    expect(snippetNeedles(['steril'])).toEqual([' steril', '\nsteril', ' Steril', '\nSteril', ' STERIL', '\nSTERIL']);
    expect(snippetNeedles(['lot-a1', '00042'])).toEqual(['lot-a1', 'Lot-a1', 'LOT-A1', '00042']);
    expect(snippetNeedles([])).toEqual([]);
  });
});

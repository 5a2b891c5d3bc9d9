import { describe, expect, it } from 'vitest';
import { markedStems, snippetOf } from './search-snippet';

const marked = (parts: { text: string; match: boolean }[]) => parts.filter((p) => p.match).map((p) => p.text);
const joined = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

describe('search snippets', () => {
  it('marks the searched words, their other forms and accents aside, in a passage around the first one', () => {
    const text = 'Read all warnings. The catheters are supplied sterile. Do not resterilise. Stérilisation par oxyde d’éthylène.';
    const parts = snippetOf(text, 'catheter sterilisation');
    expect(marked(parts)).toEqual(['catheters', 'Stérilisation']);
    expect(joined(parts)).toBe('Read all warnings. The catheters are supplied sterile. Do not resterilise. Stérilisation par oxyde d’éthylène');
  });

  it('shows an ellipsis where the passage cuts the text, and reads no further than it needs', () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
    words[50] = 'zyxtocin';
    const parts = snippetOf(words.join(' '), 'zyxtocin');
    expect(parts[0]).toEqual({ text: '… w42 w43 w44 w45 w46 w47 w48 w49 ', match: false });
    expect(parts[1]).toEqual({ text: 'zyxtocin', match: true });
    expect(parts.at(-1)!.text.endsWith('w66 …')).toBe(true);
  });

  it('finds a match deep in a long text, accents aside, and cuts the passage at spaces', () => {
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(200);
    const parts = snippetOf(`${filler}La stérilisation à l’oxyde d’éthylène est validée. ${filler}`, 'sterilisation');
    expect(marked(parts)).toEqual(['stérilisation']);
    expect(parts[0]!.text.startsWith('… ')).toBe(true);
    expect(parts.at(-1)!.text.endsWith(' …')).toBe(true);
    expect(joined(parts).length).toBeLessThan(300);
    expect(snippetOf(filler, 'sterilisation')).toEqual([]);
  });

  it('finds fragments of numbers inside document numbers', () => {
    expect(marked(snippetOf('Lot LOT-A00042-7 and part PN-1', '00042'))).toEqual(['LOT-A00042-7']);
  });

  it('is empty without a match, and never marks excluded words or OR', () => {
    expect(snippetOf('nothing here', 'catheter')).toEqual([]);
    expect(markedStems('catheter -latex or "single use"')).toEqual(['cathet', 'singl', 'use']);
  });

  it('keeps text as text: markup in a document stays plain', () => {
    const parts = snippetOf('<script>alert(1)</script> sterile', 'sterile');
    expect(joined(parts)).toBe('script>alert(1)</script> sterile');
    expect(parts).toEqual([{ text: 'script>alert(1)</script> ', match: false }, { text: 'sterile', match: true }]);
  });
});

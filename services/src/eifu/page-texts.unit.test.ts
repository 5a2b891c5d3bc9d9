import { describe, expect, it } from 'vitest';
import { PAGE_TEXTS, pageLanguageOf } from './page-texts';

type Entry = string | ((...args: never[]) => string) | Record<string, unknown>;
const SAMPLES = ['⟦A⟧', '⟦B⟧', '⟦C⟧'];
const REASON_KEYS = { lot: '⟦LOT⟧', serial: '⟦SERIAL⟧', country: '⟦COUNTRY⟧' };

/** Every text of a catalogue by its path, functions called with samples that show each placeholder. */
function flatten(entries: Record<string, Entry>, prefix = ''): Map<string, { text: string; arity: number }> {
  const out = new Map<string, { text: string; arity: number }>();
  for (const [key, value] of Object.entries(entries)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') out.set(path, { text: value, arity: -1 });
    else if (typeof value === 'function') {
      const call = value as (...args: unknown[]) => string;
      out.set(path, { text: prefix === 'reasons.' ? call(REASON_KEYS) : call(...SAMPLES), arity: value.length });
    } else for (const [inner, text] of flatten(value as Record<string, Entry>, `${path}.`)) out.set(inner, text);
  }
  return out;
}

describe('the eIFU pages’ texts in five languages', () => {
  const english = flatten(PAGE_TEXTS.en as unknown as Record<string, Entry>);
  for (const [lang, texts] of Object.entries(PAGE_TEXTS).filter(([code]) => code !== 'en')) {
    it(`${lang}: every English key, none other, no empty text, each placeholder kept`, () => {
      const translated = flatten(texts as unknown as Record<string, Entry>);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, { text, arity }] of english) {
        const other = translated.get(path)!;
        expect(other.text.trim(), `${lang}.${path}`).not.toBe('');
        expect(other.arity, `${lang}.${path} arity`).toBe(arity);
        for (const sample of [...SAMPLES, ...Object.values(REASON_KEYS)]) if (text.includes(sample)) expect(other.text, `${lang}.${path} keeps ${sample}`).toContain(sample);
      }
    });
  }

  it('the page’s language is the first of the reader’s the site speaks, else English', () => {
    expect(pageLanguageOf(['nl', 'fr', 'de'])).toBe('fr');
    expect(pageLanguageOf(['it'])).toBe('it');
    expect(pageLanguageOf(['nl', 'pt'])).toBe('en');
    expect(pageLanguageOf([])).toBe('en');
  });
});

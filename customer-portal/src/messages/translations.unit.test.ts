import { describe, expect, it } from 'vitest';
import { common } from './common';
import { contactText } from './contact';
import { docSearchText } from './doc-search';
import { otherPagesText } from './other-pages';
import { paperCopyText } from './paper-copy';
import { searchText } from './search';
import { translation as de } from './translations/de';
import { translation as es } from './translations/es';
import { translation as fr } from './translations/fr';
import { translation as it_ } from './translations/it';

const english = { common, docSearchText, searchText, contactText, otherPagesText, paperCopyText } as Record<string, Record<string, unknown>>;
const translations = { de, fr, es, it: it_ } as Record<string, Record<string, Record<string, unknown>>>;

/** Distinct arguments: a placeholder of the English text must come out of the translation too, each one. */
const SAMPLES = ['⟦A⟧', '⟦B⟧', '⟦C⟧'];
const made = (value: unknown, args: unknown[]) => (typeof value === 'function' ? (value as (...a: unknown[]) => unknown)(...args) : value);

describe('the catalogues of German, French, Spanish and Italian', () => {
  for (const [language, catalogue] of Object.entries(translations)) {
    it(`${language}: has every catalogue and key of the English ones, and no other`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [area, texts] of Object.entries(english)) expect(Object.keys(catalogue[area]!).sort(), `${language}.${area}`).toEqual(Object.keys(texts).sort());
    });

    it(`${language}: every text is a non-empty text, or a function of the same arguments that keeps each placeholder`, () => {
      for (const [area, texts] of Object.entries(english)) {
        for (const [key, englishValue] of Object.entries(texts)) {
          const value = catalogue[area]![key];
          const where = `${language}.${area}.${key}`;
          expect(typeof value, where).toBe(typeof englishValue);
          for (const args of [SAMPLES, [1, 2, 3], [7, 8, 9]]) {
            const text = made(value, args);
            expect(typeof text, where).toBe('string');
            expect((text as string).trim(), where).not.toBe('');
            for (const arg of args) if (String(made(englishValue, args)).includes(String(arg))) expect(text, `${where} keeps ${arg}`).toContain(String(arg));
          }
          if (typeof value === 'function') expect(value.length, `${where} arity`).toBe((englishValue as () => string).length);
        }
      }
    });

    it(`${language}: is a translation, not a copy of the English`, () => {
      const copied = Object.entries(english).flatMap(([area, texts]) =>
        Object.entries(texts).filter(([key, value]) => typeof value === 'string' && value.length > 12 && catalogue[area]![key] === value).map(([key]) => `${area}.${key}`),
      );
      expect(copied).toEqual([]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { NOTICE_TEXTS } from './notice-texts';
import { PAGE_LANGUAGES } from './page-texts';

describe('the eIFU notices in five languages', () => {
  it('each language has every notice, none empty, each placeholder kept, and differs from English', () => {
    for (const lang of PAGE_LANGUAGES) {
      const t = NOTICE_TEXTS[lang];
      for (const [key, value] of Object.entries(t)) {
        const text = typeof value === 'function' ? (value as (a: string, b: string) => string)('04012345000011', '2027-03-01') : value;
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
        if (typeof value === 'function') {
          expect(text, `${lang}.${key}`).toContain('04012345000011');
          expect(text, `${lang}.${key}`).toContain('2027-03-01');
        }
        if (lang !== 'en') expect(text, `${lang}.${key}`).not.toBe(typeof NOTICE_TEXTS.en[key as keyof typeof t] === 'function' ? (NOTICE_TEXTS.en[key as keyof typeof t] as (a: string, b: string) => string)('04012345000011', '2027-03-01') : NOTICE_TEXTS.en[key as keyof typeof t]);
      }
    }
  });
});

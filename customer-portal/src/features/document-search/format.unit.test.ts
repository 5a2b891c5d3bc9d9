import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format-date';
import { pickLanguage } from './format';
import { isCountryCode, LANGUAGE_CODES, namesOf } from './lists';

describe('formatDate (spec §9: dd/MM/yyyy)', () => {
  it('when the API gives YYYY-MM-DD, then it shows day/month/year', () => {
    expect(formatDate('2026-03-07')).toBe('07/03/2026');
    expect(formatDate('2026-12-31T00:00:00Z')).toBe('31/12/2026');
  });

  it('when the value is no such date, then it is shown as it came', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('07/03/2026')).toBe('07/03/2026');
  });
});

describe('pickLanguage (the Language field prefilled from the browser)', () => {
  it('when the browser prefers a regional tag, then its primary language is picked', () => {
    expect(pickLanguage(['de-CH', 'en-US'], LANGUAGE_CODES)).toBe('de');
    expect(pickLanguage(['pt_BR'], LANGUAGE_CODES)).toBe('pt');
  });

  it('when given an Accept-Language header, then the highest quality known language wins', () => {
    expect(pickLanguage('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5', LANGUAGE_CODES)).toBe('fr');
    expect(pickLanguage('en;q=0.3, it;q=0.9', LANGUAGE_CODES)).toBe('it');
    expect(pickLanguage('xx-YY, es;q=0.1', LANGUAGE_CODES)).toBe('es');
    expect(pickLanguage('de;q=0, en;q=0.5', LANGUAGE_CODES)).toBe('en');
  });

  it('when no preferred language is in the list, then nothing is picked', () => {
    expect(pickLanguage(['tlh', 'x-klingon'], LANGUAGE_CODES)).toBe('');
    expect(pickLanguage('', LANGUAGE_CODES)).toBe('');
    expect(pickLanguage([], LANGUAGE_CODES)).toBe('');
  });
});

describe('the country and language names of a result row', () => {
  it('when a row lists codes, then their names show, unknown codes as they are', () => {
    expect(namesOf('country', 'DE, us,ZZ')).toBe('Germany, United States, ZZ');
    expect(namesOf('language', 'en,fr')).toBe('English, French');
    expect(namesOf('language', '')).toBe('');
  });

  it('when the geolocation gives a code, then only a listed country is taken', () => {
    expect(isCountryCode('de')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });
});

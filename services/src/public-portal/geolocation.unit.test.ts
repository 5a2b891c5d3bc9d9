import { describe, expect, it } from 'vitest';
import { countryFromAcceptLanguage, geolocate, knownCountry } from './geolocation';

describe('the country of Accept-Language', () => {
  it.each([
    ['de-CH', 'CH'],
    ['de-CH,de;q=0.9,en;q=0.8', 'CH'],
    ['en,en-GB;q=0.9', 'GB'],
    ['fr, de-AT;q=0.5, en-US;q=0.4', 'AT'],
    ['zh-Hant-TW', 'TW'],
    ['sr-Latn-RS,sr;q=0.9', 'RS'],
    ['EN-us', 'US'],
    ['  pt-br ; q=0.8 ', 'BR'],
    // A region that is not a country of the list is passed over.
    ['es-419,es-MX;q=0.9', 'MX'],
    ['en-XX,en-IE;q=0.5', 'IE'],
    // A tag refused with q=0 does not count.
    ['en-US;q=0,de-DE;q=0.5', 'DE'],
  ])('%s → %s', (header, country) => {
    expect(countryFromAcceptLanguage(header)).toBe(country);
  });

  it.each([[undefined], [''], ['en'], ['de, fr;q=0.5'], ['*'], ['en-US;q=0'], ['x-CH'], ['notalanguage-CH'], ['en-C'], ['en-CHE']])('%s → none', (header) => {
    expect(countryFromAcceptLanguage(header)).toBeUndefined();
  });

  it('reads only the first 500 characters of a long header', () => {
    expect(countryFromAcceptLanguage(`${'en;q=0.1,'.repeat(60)}de-CH`)).toBeUndefined();
    expect(countryFromAcceptLanguage(`${'en,'.repeat(10_000)}de-CH`)).toBeUndefined();
  });
});

describe('geolocate', () => {
  it('when the trusted header names a country of the list, then it wins over the languages', () => {
    expect(geolocate({ countryHeader: 'fr', acceptLanguage: 'de-CH' })).toEqual({ country_code: 'FR', country_name: 'France' });
  });
  it("when the trusted header is unknown ('XX', 'T1'), then the languages decide", () => {
    expect(geolocate({ countryHeader: 'XX', acceptLanguage: 'de-CH' })).toEqual({ country_code: 'CH', country_name: 'Switzerland' });
    expect(geolocate({ countryHeader: 'T1' })).toEqual({ country_code: null, country_name: null });
  });
  it('when nothing names a country, then nulls', () => {
    expect(geolocate({})).toEqual({ country_code: null, country_name: null });
  });
  it('a code is only ever one of the list', () => {
    expect(knownCountry('ch')).toBe('CH');
    expect(knownCountry('UK')).toBeUndefined();
    expect(knownCountry('<script>')).toBeUndefined();
  });
});

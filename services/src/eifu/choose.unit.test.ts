import { describe, expect, it } from 'vitest';
import type { LabelDocument } from '@ifu/projections';
import { chooseLeaflet, parseAcceptLanguage, type ReaderRequest } from './choose';

const leaflet = (id: string, fields: Partial<LabelDocument>): LabelDocument => ({
  childDocumentId: id,
  parentChangeId: 'p',
  documentNumber: `CO-2026-00001-${id}`,
  customerId: 'c',
  customerName: 'Clinic',
  openAccess: true,
  productFamilyName: 'Pump',
  partNumber: `PN-${id}`,
  ifuNumber: 'L-1',
  additionalLots: '',
  serialRanges: '',
  gtin: '09506000134352',
  countryList: 'DE',
  languageList: 'de',
  changeDescription: '',
  effectiveDate: '2026-11-01',
  obsoleteDate: null,
  docName: `${id}.pdf`,
  sha256: id,
  version: 1,
  current: true,
  published: true,
  ...fields,
});
const reader = (request: Partial<ReaderRequest>): ReaderRequest => ({ languages: [], countryAsked: false, ...request });
const ids = (resolution: ReturnType<typeof chooseLeaflet>) =>
  resolution.kind === 'one' ? { one: resolution.document.childDocumentId } : { choose: resolution.reason, ids: resolution.documents.map((d) => d.childDocumentId) };

describe('choosing the leaflet for a scanned label', () => {
  const german = leaflet('de', { languageList: 'de', countryList: 'DE,AT' });
  const french = leaflet('fr', { languageList: 'fr', countryList: 'FR,BE' });
  const otherLot = leaflet('l2', { ifuNumber: 'L-2', additionalLots: 'L-3', languageList: 'de,en', countryList: 'DE,GB' });

  it('given leaflets of one lot in two languages, when a German reader scans, then the German one', () => {
    expect(ids(chooseLeaflet([german, french], reader({ lot: 'L-1', languages: ['de', 'en'] })))).toEqual({ one: 'de' });
  });
  it('the reader’s languages in order: the first that has a leaflet wins', () => {
    expect(ids(chooseLeaflet([german, french], reader({ lot: 'L-1', languages: ['it', 'fr', 'de'] })))).toEqual({ one: 'fr' });
  });
  it('a lot matches the IFU Number or a further lot, without regard to case', () => {
    expect(ids(chooseLeaflet([german, otherLot], reader({ lot: 'l-3', languages: ['de'] })))).toEqual({ one: 'l2' });
  });
  it('a lot no leaflet names: the reader chooses among all, told why', () => {
    expect(ids(chooseLeaflet([german, otherLot], reader({ lot: 'L-9', languages: ['de'] })))).toEqual({ choose: 'lot-not-listed', ids: ['de', 'l2'] });
  });
  it('a serial: a leaflet listing serials must list it; one listing none covers every serial', () => {
    const low = leaflet('low', { serialRanges: '1000-1999' });
    const high = leaflet('high', { serialRanges: '2000-2999' });
    const any = leaflet('any', {});
    expect(ids(chooseLeaflet([low, high], reader({ serial: '2500', languages: ['de'] })))).toEqual({ one: 'high' });
    expect(ids(chooseLeaflet([low, any], reader({ serial: '5000', languages: ['de'] })))).toEqual({ one: 'any' });
    expect(ids(chooseLeaflet([low, high], reader({ serial: '5000', languages: ['de'] })))).toEqual({ choose: 'serial-not-covered', ids: ['low', 'high'] });
  });
  it('a country asked for narrows the choice, and one no leaflet lists is said; a guessed one is only a preference', () => {
    expect(ids(chooseLeaflet([german, french], reader({ country: 'BE', countryAsked: true, languages: ['de', 'fr'] })))).toEqual({ one: 'fr' });
    expect(ids(chooseLeaflet([german, french], reader({ country: 'US', countryAsked: true, languages: ['de'] })))).toEqual({ choose: 'country-not-listed', ids: ['de', 'fr'] });
    expect(ids(chooseLeaflet([german, french], reader({ country: 'US', countryAsked: false, languages: ['de'] })))).toEqual({ one: 'de' });
  });
  it('no language of the reader’s: the choice, told why; two leaflets in the best language: the choice', () => {
    expect(ids(chooseLeaflet([german, french], reader({ languages: ['it'] })))).toEqual({ choose: 'language-not-available', ids: ['de', 'fr'] });
    expect(ids(chooseLeaflet([german, otherLot], reader({ languages: ['de'] })))).toEqual({ choose: 'several', ids: ['de', 'l2'] });
  });
  it('no language known and one leaflet: that one', () => {
    expect(ids(chooseLeaflet([german], reader({})))).toEqual({ one: 'de' });
  });
});

describe('Accept-Language', () => {
  it('orders by weight, then by place; the first region is the country guess', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual({ languages: ['fr', 'en', 'de'], region: 'CH' });
    expect(parseAcceptLanguage('en;q=0.2,de')).toEqual({ languages: ['de', 'en'] });
  });
  it('skips what is not a language tag, weights of 0, and reads at most 20 entries of 1,000 characters', () => {
    expect(parseAcceptLanguage('<script>, de;q=0, it;q=abc, es')).toEqual({ languages: ['es'] });
    expect(parseAcceptLanguage(`${'xx,'.repeat(30)}de`).languages).toEqual(['xx']);
    expect(parseAcceptLanguage(undefined)).toEqual({ languages: [] });
  });
});

import { describe, expect, it } from 'vitest';

import { EMPTY_SEARCH, sameSearch, SEARCH_FIELD_MAX, searchParamsOf, searchRequestFromParams, searchRequestOf } from './search-criteria';

describe('internal search criteria', () => {
  it('sends every field of the form, texts trimmed', () => {
    expect(searchRequestOf({ ...EMPTY_SEARCH, keywords: '  sterile catheter ', customerName: ' Acme Medical ', isArchieveSearch: true })).toEqual({
      keywords: 'sterile catheter',
      changeOrderNo: '',
      productName: '',
      customerName: 'Acme Medical',
      isArchieveSearch: true,
    });
  });

  it('keeps a submitted search in the address and reads it back the same', () => {
    const request = searchRequestOf({ keywords: 'Ünïcode & more', changeOrderNo: 'CO-2026-00001', productName: 'Stent', customerName: 'A/B Med', isArchieveSearch: true });
    const params = searchParamsOf(request);
    expect(params.get('keywords')).toBe('Ünïcode & more');
    expect(params.get('isArchieveSearch')).toBe('true');
    expect(searchRequestFromParams(new URLSearchParams(params.toString()))).toEqual(request);
  });

  it('leaves empty texts out of the address, but always says whether it searched the archive', () => {
    expect(searchParamsOf(searchRequestOf(EMPTY_SEARCH)).toString()).toBe('isArchieveSearch=false');
    expect(searchRequestFromParams(new URLSearchParams('isArchieveSearch=false'))).toEqual(EMPTY_SEARCH);
  });

  it('finds no search in an address that holds none', () => {
    expect(searchRequestFromParams(new URLSearchParams(''))).toBeUndefined();
    expect(searchRequestFromParams(new URLSearchParams('tab=all'))).toBeUndefined();
  });

  it('reads a hand-written address: a field alone is a search; an unknown archive value is false; texts are cut to their limits', () => {
    expect(searchRequestFromParams(new URLSearchParams('productName=%20Stent%20'))).toEqual({ ...EMPTY_SEARCH, productName: 'Stent' });
    expect(searchRequestFromParams(new URLSearchParams('isArchieveSearch=yes'))?.isArchieveSearch).toBe(false);
    const long = searchRequestFromParams(new URLSearchParams({ changeOrderNo: 'C'.repeat(100), keywords: 'k'.repeat(500) }));
    expect(long?.changeOrderNo).toHaveLength(SEARCH_FIELD_MAX.changeOrderNo);
    expect(long?.keywords).toHaveLength(SEARCH_FIELD_MAX.keywords);
  });

  it('tells whether two searches ask the same', () => {
    const a = searchRequestOf({ ...EMPTY_SEARCH, keywords: 'stent' });
    expect(sameSearch(a, searchRequestOf({ ...EMPTY_SEARCH, keywords: ' stent ' }))).toBe(true);
    expect(sameSearch(a, { ...a, isArchieveSearch: true })).toBe(false);
    expect(sameSearch(a, undefined)).toBe(false);
  });
});

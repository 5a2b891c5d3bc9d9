import { describe, expect, it } from 'vitest';
import { addressIn, chooseLanguage, withoutLanguage } from './locale';

describe('the reader’s language', () => {
  it('when the address names a language, then it wins over the remembered pick and the browser', () => {
    expect(chooseLanguage({ search: '?lang=fr', stored: 'de', browser: ['it-IT'] })).toBe('fr');
    expect(chooseLanguage({ search: '?a=1&lang=ES', stored: null, browser: [] })).toBe('es');
  });

  it('when the address names none the portal speaks, then the remembered pick, else the first browser language it speaks, else English', () => {
    expect(chooseLanguage({ search: '?lang=nl', stored: 'de', browser: ['fr'] })).toBe('de');
    expect(chooseLanguage({ search: '', stored: 'xx', browser: ['nl-BE', 'it-CH', 'de'] })).toBe('it');
    expect(chooseLanguage({ search: '', stored: null, browser: ['nl', 'pt-BR'] })).toBe('en');
    expect(chooseLanguage({ search: '', stored: null, browser: [] })).toBe('en');
  });

  it('when the switcher links to a language, then the page, its query as written and its hash are kept, one lang parameter replaced', () => {
    expect(addressIn('de', { pathname: '/customerDocSearch', search: '?Acme&42&a%2Bb+c', hash: '' })).toBe('/customerDocSearch?Acme&42&a%2Bb+c&lang=de');
    expect(addressIn('fr', { pathname: '/contactUs', search: '?lang=de&from=x', hash: '#top' })).toBe('/contactUs?from=x&lang=fr#top');
    expect(addressIn('en', { pathname: '/', search: '', hash: '' })).toBe('/?lang=en');
  });
});

describe('a link’s own parameters', () => {
  it('when the address has lang, then the page reads its parameters without it, in their order and as written', () => {
    expect(withoutLanguage('?Acme&42&a%2Bb&lang=de')).toBe('Acme&42&a%2Bb');
    expect(withoutLanguage('?lang=fr&customerName=A')).toBe('customerName=A');
    expect(withoutLanguage('')).toBe('');
  });
});

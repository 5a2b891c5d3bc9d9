import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { isCurrent, isPlainLeftClick, matchPath, type ClickFacts } from './navigation';

describe('matchPath', () => {
  it('when the path has a parameter, then its segment is the value, URL-decoded', () => {
    expect(matchPath(paths.docSearch.path, '/docSearch/Acme%20Medical')).toEqual({ customerName: 'Acme Medical' });
    expect(matchPath(paths.docSearch.path, '/docSearch/M%C3%BCller%20%26%20S%C3%B6hne')).toEqual({ customerName: 'Müller & Söhne' });
    expect(matchPath(paths.docSearch.path, '/docSearch/plain')).toEqual({ customerName: 'plain' });
  });

  it('when a name holds a slash, then getHref encodes it and the match gives it back whole', () => {
    for (const name of ['A/B Clinic', 'St. Anna 50% off?', 'a#b', 'x%2Fy']) {
      expect(matchPath(paths.docSearch.path, paths.docSearch.getHref(name))).toEqual({ customerName: name });
    }
  });

  it('when a segment cannot be decoded, then the path is matched as it is', () => {
    expect(matchPath(paths.docSearch.path, '/docSearch/100%')).toEqual({ customerName: '100%' });
  });

  it('when literal segments differ only in case or the path ends in slashes, then it still matches (as react-router)', () => {
    expect(matchPath(paths.contactUs.path, '/ContactUs')).toEqual({});
    expect(matchPath(paths.contactUs.path, '/contactus/')).toEqual({});
    expect(matchPath(paths.customerDocSearch.path, '/customerdocsearch//')).toEqual({});
    expect(matchPath(paths.docSearch.path, '/DOCSEARCH/Acme/')).toEqual({ customerName: 'Acme' });
  });

  it('when the parameter is empty or the path has more or fewer segments, then there is no match', () => {
    expect(matchPath(paths.docSearch.path, '/docSearch')).toBeNull();
    expect(matchPath(paths.docSearch.path, '/docSearch/')).toBeNull();
    expect(matchPath(paths.docSearch.path, '/docSearch//Acme')).toBeNull();
    expect(matchPath(paths.docSearch.path, '/docSearch/Acme/more')).toBeNull();
    expect(matchPath(paths.contactUs.path, '/contactus/more')).toBeNull();
    expect(matchPath(paths.contactUs.path, '/contact')).toBeNull();
    expect(matchPath(paths.contactUs.path, '/')).toBeNull();
  });

  it('when the pattern is *, then every path matches without parameters', () => {
    expect(matchPath(paths.notFound.path, '/')).toEqual({});
    expect(matchPath(paths.notFound.path, '/no/such/page')).toEqual({});
  });
});

describe('isPlainLeftClick', () => {
  const left: ClickFacts = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

  it('when a link is left-clicked without a modifier, then the portal follows it itself', () => {
    expect(isPlainLeftClick(left)).toBe(true);
    expect(isPlainLeftClick(left, { target: '_self' })).toBe(true);
  });

  it('when a modifier key is held (new tab, window, download), then the browser handles the click', () => {
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) {
      expect(isPlainLeftClick({ ...left, [key]: true }), key).toBe(false);
    }
  });

  it('when another button is used, then the browser handles the click', () => {
    expect(isPlainLeftClick({ ...left, button: 1 })).toBe(false);
    expect(isPlainLeftClick({ ...left, button: 2 })).toBe(false);
  });

  it('when the link opens elsewhere or downloads, or a handler already took the click, then the portal leaves it', () => {
    expect(isPlainLeftClick(left, { target: '_blank' })).toBe(false);
    expect(isPlainLeftClick(left, { download: '' })).toBe(false);
    expect(isPlainLeftClick({ ...left, defaultPrevented: true })).toBe(false);
  });
});

describe('isCurrent', () => {
  const at = { href: 'http://portal.test/docSearch/Acme%20Medical' };

  it('when a link names the address shown, then it is the current one', () => {
    expect(isCurrent('/docSearch/Acme%20Medical', at)).toBe(true);
    expect(isCurrent(paths.docSearch.getHref('Acme Medical'), at)).toBe(true);
  });

  it('when the path or the query differ, then it is another address', () => {
    expect(isCurrent(paths.contactUs.getHref(), at)).toBe(false);
    expect(isCurrent('/docSearch/Acme%20Medical?x=1', at)).toBe(false);
  });
});

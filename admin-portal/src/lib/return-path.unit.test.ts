import { describe, expect, it } from 'vitest';

import { afterLoginHref, loginHref, returnPathOf, safeReturnPath, secondFactorHref } from './return-path';

describe('where the login returns to (an emailed link opened while signed out)', () => {
  it('given a path of the portal, then it is kept with its query and fragment, and the login page carries it', () => {
    expect(safeReturnPath('/document/view/8f1c2d')).toBe('/document/view/8f1c2d');
    expect(safeReturnPath('/document/list?tab=all#top')).toBe('/document/list?tab=all#top');
    expect(loginHref('/document/view/8f1c2d')).toBe('/login?next=%2Fdocument%2Fview%2F8f1c2d');
    expect(secondFactorHref('/managecustomer')).toBe('/second-factor?next=%2Fmanagecustomer');
    expect(afterLoginHref('?next=%2Fdocument%2Fview%2F8f1c2d')).toBe('/document/view/8f1c2d');
  });

  it('given another site, a protocol-relative or absolute URL, a backslash or a control character, then it is ignored: the first screen', () => {
    for (const raw of [
      '//evil.example/document/view/1',
      'https://evil.example/document/view/1',
      'javascript:alert(1)',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/document/view/1\n',
      'document/view/1',
      '',
      `/${'a'.repeat(2_001)}`,
    ]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBeNull();
      expect(afterLoginHref(`?next=${encodeURIComponent(raw)}`), JSON.stringify(raw)).toBe('/');
    }
    expect(loginHref('//evil.example')).toBe('/login');
  });

  it('given a public screen (the login itself, a set-password link, the second factor) or the home page, then it is not returned to', () => {
    for (const raw of ['/login', '/login?next=%2Flogin', '/sendRequest', '/user/setpassword/abc', '/user/unlock/abc', '/second-factor', '/']) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
    expect(returnPathOf('')).toBeNull();
    expect(returnPathOf('?next=')).toBeNull();
  });
});

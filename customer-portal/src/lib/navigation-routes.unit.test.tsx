import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import { PortalRouter, routeParams } from './navigation';

/** What the portal's routes (wouter's Switch in PortalRouter, as router.tsx) render at the encoded address `at`. */
function pageAt(at: string): string {
  const html = renderToString(
    <PortalRouter ssrPath={at}>
      <Switch>
        <Route path={paths.docSearch.path}>{(params) => `customer:${routeParams(params).customerName}`}</Route>
        <Route path={paths.contactUs.path}>contact</Route>
        <Route path={paths.notFound.path}>not found</Route>
      </Switch>
    </PortalRouter>,
  );
  return html.replaceAll('&amp;', '&');
}

describe("the portal's routes, through wouter", () => {
  it('when a customer name holds characters that are encoded in the path, then the page gets the name whole', () => {
    for (const name of ['Acme Medical', 'Müller & Söhne', 'A/B Clinic', 'St. Anna 50% off?', 'a#b', 'x%2Fy']) {
      expect(pageAt(paths.docSearch.getHref(name)), name).toBe(`customer:${name}`);
    }
  });

  it('when literal segments differ in case or the path ends in slashes, then the same page is shown', () => {
    expect(pageAt('/ContactUs')).toBe('contact');
    expect(pageAt('/contactus//')).toBe('contact');
    expect(pageAt('/DOCSEARCH/Acme/')).toBe('customer:Acme');
  });

  it('when no route matches (an empty name, more segments), then the not-found page is shown', () => {
    expect(pageAt('/docSearch/')).toBe('not found');
    expect(pageAt('/docSearch/Acme/more')).toBe('not found');
    expect(pageAt('/contact')).toBe('not found');
  });
});

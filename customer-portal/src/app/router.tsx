import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { Layout } from '../components/layout';
import { paths } from '../config/paths';
import { matchPath, PortalRouter, routeParams } from '../lib/navigation';
import { CustomerDocSearchPage } from './routes/customer-doc-search';
import { DocSearchPage } from './routes/doc-search';
import { loadSearchArea } from '../features/document-search/search-page';

// Both first pages are in the entry: the customer page, and the search page the emailed link opens. Lazy, the search
// page's chunk came one round trip after the entry, even when started beside /config.json: in Lighthouse's mobile run
// its LCP was 2.1-2.2 s (performance 96) against 1.8 s (98) in the entry. The search page's own heavy part, its form
// and results with the country and language lists (some 6 kB gzipped), is a chunk of its own that loads beside the
// link check the page waits for anyway (loadSearchArea), so the other first pages do not carry it
// (e2e/bundle-size.e2e.test.ts: 85 kB budget). The other pages load when visited, and a first visit at their address
// starts their chunk at once (main.tsx).
const loadContactUs = () => import('./routes/contact-us');
const loadNotFound = () => import('./routes/not-found');
const loadPaperCopy = () => import('./routes/paper-copy');
const ContactUsPage = lazy(() => loadContactUs().then((module) => ({ default: module.ContactUsPage })));
const PaperCopyPage = lazy(() => loadPaperCopy().then((module) => ({ default: module.PaperCopyPage })));
const NotFoundPage = lazy(() => loadNotFound().then((module) => ({ default: module.NotFoundPage })));

/**
 * Starts loading the lazy page of the address the portal opens at, beside /config.json rather than after it and
 * React's first render (import() fetches a module once: the route's lazy() then gets the same one).
 */
export function preloadFirstPage(pathname: string): void {
  if (matchPath(paths.contactUs.path, pathname)) void loadContactUs();
  else if (matchPath(paths.paperCopy.path, pathname)) void loadPaperCopy();
  else if (matchPath(paths.customerDocSearch.path, pathname)) void loadSearchArea();
  else if (!matchPath(paths.docSearch.path, pathname) && !matchPath(paths.customerDocSearch.path, pathname)) void loadNotFound();
}

/** The routes, first match wins (spec §2.1). */
export function AppRoutes() {
  return (
    <PortalRouter>
      <Layout>
        <Switch>
          <Route path={paths.docSearch.path}>{(params) => <DocSearchPage customerName={routeParams(params).customerName ?? ''} />}</Route>
          <Route path={paths.customerDocSearch.path}>
            {/* The page says itself whether search engines may keep it (a mailed link's page: noindex). */}
            <CustomerDocSearchPage />
          </Route>
          <Route path={paths.contactUs.path}>
            <ContactUsPage />
          </Route>
          <Route path={paths.paperCopy.path}>{(params) => <PaperCopyPage documentNumber={routeParams(params).documentNumber ?? ''} />}</Route>
          <Route path={paths.notFound.path}>
            <meta name="robots" content="noindex" />
            <NotFoundPage />
          </Route>
        </Switch>
      </Layout>
    </PortalRouter>
  );
}

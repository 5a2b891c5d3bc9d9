import { lazy, type ReactNode } from 'react';
import { Layout } from '../components/layout';
import { paths } from '../config/paths';
import { matchPath, useLocation } from './navigation';
import { DocSearchPage } from './routes/doc-search';

// The customer page is the first page visitors open and stays in the entry; the other pages load when visited
// (bundle budget: the first page loads at most 85 kB of JavaScript gzipped).
const CustomerDocSearchPage = lazy(() => import('./routes/customer-doc-search').then((module) => ({ default: module.CustomerDocSearchPage })));
const ContactUsPage = lazy(() => import('./routes/contact-us').then((module) => ({ default: module.ContactUsPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundPage })));

/** The routes, first match wins (spec §2.1). */
const routes: [pattern: string, page: (params: Record<string, string>) => ReactNode][] = [
  [paths.docSearch.path, (params) => <DocSearchPage customerName={params.customerName ?? ''} />],
  [paths.customerDocSearch.path, () => <CustomerDocSearchPage />],
  [paths.contactUs.path, () => <ContactUsPage />],
  [paths.notFound.path, () => <NotFoundPage />],
];

function pageAt(pathname: string): ReactNode {
  for (const [pattern, page] of routes) {
    const params = matchPath(pattern, pathname);
    if (params) return page(params);
  }
  return null;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return <Layout>{pageAt(pathname)}</Layout>;
}

import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout';
import { paths } from '../config/paths';
import { DocSearchPage } from './routes/doc-search';

// The customer page is the first page visitors open and stays in the entry; the other pages load when visited
// (bundle budget: the first page loads at most 85 kB of JavaScript gzipped).
const CustomerDocSearchPage = lazy(() => import('./routes/customer-doc-search').then((module) => ({ default: module.CustomerDocSearchPage })));
const ContactUsPage = lazy(() => import('./routes/contact-us').then((module) => ({ default: module.ContactUsPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((module) => ({ default: module.NotFoundPage })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.docSearch.path} element={<DocSearchPage />} />
        <Route path={paths.customerDocSearch.path} element={<CustomerDocSearchPage />} />
        <Route path={paths.contactUs.path} element={<ContactUsPage />} />
        <Route path={paths.notFound.path} element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout';
import { paths } from '../config/paths';
import { ContactUsPage } from './routes/contact-us';
import { CustomerDocSearchPage } from './routes/customer-doc-search';
import { DocSearchPage } from './routes/doc-search';
import { NotFoundPage } from './routes/not-found';

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

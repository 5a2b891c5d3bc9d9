import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { common } from '../messages/common';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';

/** Every public page: its content, then the footer. A page that fails to render keeps the footer. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="layout">
      <main className="layout__main">
        <ErrorBoundary key={pathname}>
          {/* While a lazy page loads: a plain text, no live region (the page that follows says what it is). */}
          <Suspense fallback={<p className="boot">{common.loading}</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}

import { Suspense, useRef, type ReactNode } from 'react';
import { useLocation, useNavigationReset } from '../lib/navigation';
import { common } from '../messages/common';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { LanguageSwitcher } from './language-switcher';

/** Every public page: its content, then the footer. A page that fails to render keeps the footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useNavigationReset(main);
  return (
    <div className="layout">
      <LanguageSwitcher />
      {/* tabIndex -1: focus lands here after a link to another page (see useNavigationReset). */}
      <main className="layout__main" ref={main} tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          {/* While a lazy page loads: a plain text, no live region (the page that follows says what it is). */}
          <Suspense fallback={<p className="boot">{common.loading}</p>}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}

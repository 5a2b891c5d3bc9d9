import { lazy, Suspense, useState } from 'react';
import { Link } from '../lib/navigation';
import { paths } from '../config/paths';
import { common } from '../messages/common';

// The terms text is read by few visitors: it loads when the popup is first opened.
const TermsDialog = lazy(() => import('./terms-dialog').then((module) => ({ default: module.TermsDialog })));

export function Footer() {
  const [termsOpen, setTermsOpen] = useState(false);
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label={common.footerNav}>
        <Link to={paths.contactUs.getHref()}>{common.contactUs}</Link>
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setTermsOpen(true)}>
          {common.terms}
        </button>
      </nav>
      <p className="footer__brand">
        <span>{common.poweredBy}</span> <span>{common.copyright}</span>
      </p>
      {termsOpen ? (
        <Suspense fallback={null}>
          <TermsDialog onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}

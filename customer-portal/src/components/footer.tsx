import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

// The terms text is read by few visitors: it loads when the popup is first opened.
const TermsDialog = lazy(() => import('./terms-dialog').then((module) => ({ default: module.TermsDialog })));

export function Footer() {
  const [termsOpen, setTermsOpen] = useState(false);
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label="Footer">
        <Link to={paths.contactUs.getHref()}>Contact US</Link>
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setTermsOpen(true)}>
          Terms And Condition
        </button>
      </nav>
      <p className="footer__brand">
        <span>powered by IFU Portal</span> <span>© 2021</span>
      </p>
      {termsOpen ? (
        <Suspense fallback={null}>
          <TermsDialog open onClose={() => setTermsOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}

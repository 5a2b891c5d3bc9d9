import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { TermsDialog } from './terms-dialog';

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
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </footer>
  );
}

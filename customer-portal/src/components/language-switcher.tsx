import { createContext, use } from 'react';
import { Link, useLocation } from '../lib/navigation';
import { common } from '../messages/common';
import { addressIn, LANGUAGE_AUTONYMS, PORTAL_LANGUAGES, type PortalLanguage } from '../messages/locale';

/** The language the portal is shown in (app.tsx provides it; its change renders the tree again). */
export const LanguageContext = createContext<PortalLanguage>('en');

/**
 * The five languages, each named in itself and linking to the same page and query with `?lang=`: a plain link
 * (open it in a new tab, share it), which the portal follows in place (app.tsx loads the catalogue and remembers it).
 */
export function LanguageSwitcher() {
  const language = use(LanguageContext);
  const location = useLocation();
  return (
    <nav className="language-switcher" aria-label={common.languages} data-testid="language-switcher">
      <ul>
        {PORTAL_LANGUAGES.map((code) => (
          <li key={code}>
            <Link to={addressIn(code, location)} lang={code} hrefLang={code} replace aria-current={code === language ? 'true' : undefined}>
              {LANGUAGE_AUTONYMS[code]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

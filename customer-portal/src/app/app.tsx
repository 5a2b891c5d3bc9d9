import { StrictMode, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ConfigProvider } from '../config/config-context';
import type { AppConfig } from '../config/env';
import { LanguageContext } from '../components/language-switcher';
import { applyLanguage, isPortalLanguage, LANGUAGE_PARAM, rememberLanguage, type PortalLanguage } from '../messages/locale';
import { useLocation } from '../lib/navigation';
import { AppRoutes } from './router';

/**
 * The portal in the reader's language. A `?lang=` in the address (the switcher's links, or a link someone shared)
 * switches it: the catalogue loads, the pick is remembered, and the whole tree renders again in place (the page's
 * state, a search's results, is kept).
 */
function useLanguage(initial: PortalLanguage): PortalLanguage {
  const [language, setLanguage] = useState(initial);
  /** The language last asked for: one that fails to load (offline) is not asked for again and again. */
  const tried = useRef<string>(initial);
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get(LANGUAGE_PARAM)?.trim().toLowerCase() ?? '';
  useEffect(() => {
    if (!isPortalLanguage(asked) || asked === tried.current) return;
    tried.current = asked;
    let current = true;
    void applyLanguage(asked).then((applied) => {
      if (!current) return;
      rememberLanguage(applied);
      setLanguage(applied);
    });
    return () => {
      current = false;
    };
  }, [asked]);
  return language;
}

export function App({ config, language: initial = 'en' }: { config: AppConfig; language?: PortalLanguage }) {
  const language = useLanguage(initial);
  return (
    <StrictMode>
      <ErrorBoundary>
        <ConfigProvider config={config}>
          <LanguageContext value={language}>
            <AppRoutes />
          </LanguageContext>
        </ConfigProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}

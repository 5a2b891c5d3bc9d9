import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/router';
import { loadConfig } from './config/env';
import { applyLanguage, chooseLanguage, rememberLanguage, storedLanguage, LANGUAGE_PARAM } from './messages/locale';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// The first page's chunk loads while /config.json is fetched (a lazy page would otherwise wait for both).
preloadFirstPage(window.location.pathname);

// The reader's language: ?lang= (remembered as their pick), else their earlier pick, else the browser's languages.
// Its catalogue loads beside /config.json; English, the spec's texts, is in the entry and needs nothing.
const search = window.location.search;
const chosen = chooseLanguage({ search, stored: storedLanguage(), browser: navigator.languages?.length ? navigator.languages : [navigator.language] });
if (new URLSearchParams(search).get(LANGUAGE_PARAM)?.trim().toLowerCase() === chosen) rememberLanguage(chosen);

// loadConfig never rejects: a missing /config.json falls back to VITE_API_URL, then the local API. applyLanguage
// never rejects either: a catalogue that cannot be loaded leaves the portal in English.
void Promise.all([loadConfig(), applyLanguage(chosen)]).then(([config, language]) => {
  createRoot(container).render(<App config={config} language={language} />);
});

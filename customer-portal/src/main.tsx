import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/router';
import { loadConfig } from './config/env';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// The first page's chunk loads while /config.json is fetched (a lazy page would otherwise wait for both).
preloadFirstPage(window.location.pathname);

// loadConfig never rejects: a missing /config.json falls back to VITE_API_URL, then the local API.
void loadConfig().then((config) => {
  createRoot(container).render(<App config={config} />);
});

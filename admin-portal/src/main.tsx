import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';

import { App } from './app';
import { routes } from './app/router';
import { loadEnv } from './config/env';
import { getAppState } from './lib/app-state';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

/**
 * Starts loading the lazy chunks of the screen at this URL (e.g. /login) now, alongside /config.json: the router
 * would ask for them only once it renders. The router's own import() later finds them loaded (or loading).
 * A chunk that fails here fails again in the router, which shows its error screen.
 */
const preloadCurrentRoute = () => {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
};

/** Lets the browser paint and handle input before the next step (each step is a task of its own, none long). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = async () => {
  // The API origin comes from /config.json at run time; render once it is known.
  const envLoaded = loadEnv();
  await nextTask();
  preloadCurrentRoute();
  await nextTask();
  // The stored session, which the first screen needs.
  getAppState();
  await envLoaded;
  const reactRoot = createRoot(root);
  // As a transition, React renders the first screen in slices that yield to the browser, not as one long task
  // (the spinner of index.html stays meanwhile).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

void start();

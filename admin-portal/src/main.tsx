import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { createAppRouter } from './app/router';
import { loadEnv } from './config/env';
import { getAppState } from './lib/app-state';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

/** Lets the browser paint and handle input before the next step (each step is a task of its own, none long). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = async () => {
  // The API origin comes from /config.json at run time; render once it is known.
  const envLoaded = loadEnv();
  await nextTask();
  // The router matches the URL and starts loading the lazy chunks of that screen (e.g. /login) now, alongside
  // /config.json, not once it first renders.
  const router = createAppRouter();
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
        <App router={router} />
      </StrictMode>,
    );
  });
};

void start();

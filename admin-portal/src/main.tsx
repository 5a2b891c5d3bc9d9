import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { loadEnv } from './config/env';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root not found');

// The API origin comes from /config.json at run time; render once it is known.
void loadEnv().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The static server sends a strict CSP (script-src 'self'), so nothing here may
// inject an inline script; Vite's module-preload polyfill lives in the entry chunk.
export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  server: { port: 5173 },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // MUI X's DataGrid (~400 kB minified) is the largest chunk, loaded by the list screens only; warn above it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // @ifu/contracts only declares schemas and constants (no module runs code for its effects), but its barrel
      // re-exports them all: marked side-effect free, a screen bundles only the contracts it uses (/login does
      // not need the country list or the customer and event schemas).
      treeshake: { moduleSideEffects: [{ test: /services[\\/]contracts[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // Every screen needs all of React, ReactDOM and React Router: one chunk, cached across releases.
            // Everything else is split by the screens that use it (Rolldown's automatic chunking), so /login
            // loads neither MUI X (DataGrid, date pickers) nor the MUI components of the logged-in screens:
            // one big vendor group would be preloaded by index.html on every page.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});

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
    // MUI X (~585 kB minified, lazy) and MUI core (~410 kB) are the largest vendor chunks; warn only above them.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Rolldown captures a group's dependencies into it too, higher priority first: the shared vendors
            // must win over MUI X, or MUI core would land in the MUI X chunk that every screen then preloads.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'vendor-mui', test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|react-transition-group|react-is|stylis|clsx|@babel[\\/]runtime)/, priority: 30 },
            { name: 'vendor-data', test: /node_modules[\\/](@tanstack|react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
            // MUI X (DataGrid, date pickers) is used by a few routes only: its own chunk, loaded lazily.
            { name: 'vendor-mui-x', test: /node_modules[\\/]@mui[\\/]x-/, priority: 10 },
          ],
        },
      },
    },
  },
});

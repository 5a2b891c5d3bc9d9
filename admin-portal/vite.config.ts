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
    // MUI core is the largest vendor chunk (~350 kB minified); warn only well above it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // MUI X (DataGrid, date pickers) is used by a few routes only: its own chunk, loaded lazily.
            { name: 'vendor-mui-x', test: /node_modules[\\/]@mui[\\/]x-/, priority: 40 },
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|react-is|stylis|clsx|@babel[\\/]runtime)[\\/]/, priority: 20 },
            { name: 'vendor-data', test: /node_modules[\\/](@tanstack|react-hook-form|@hookform|zod)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});

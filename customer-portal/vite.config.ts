import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The public "module2" portal. Its API address is read at run time from /config.json (see src/config/env.ts),
// so one build serves every environment.
export default defineConfig({
  plugins: [react()],
  server: { port: 5174 },
  preview: { port: 5174 },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the portal supports preloads modules itself; the polyfill would only add bytes to the first page.
    // No preload helper either (some 170 bytes gzipped on the first page): a lazy page or popup fetches its few shared
    // chunks when it loads, one round trip later.
    modulePreload: false,
  },
});

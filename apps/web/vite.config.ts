import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pages } from './build/pages.ts';
import { precompress } from './build/precompress.ts';

/** The engine's Web Worker entry; the package exports only its main module. */
const engineWorker = fileURLToPath(new URL('../../packages/ai/src/worker/browser.ts', import.meta.url));
const api = process.env.SBC_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), pages(), precompress()],
  resolve: { alias: { '@sbc/ai/browser': engineWorker } },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs React, then the router and the data cache: two files, run in two tasks
            // (see src/main.tsx), which change less often than the app.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'framework', test: /node_modules[\\/](react-router|@tanstack)[\\/]/ },
            // Radix and its helpers that most pages use: one file rather than a dozen small ones (each a
            // request). The toasts (loaded when idle) and the tabs (home, sign-in) keep files of their own.
            {
              name: 'radix',
              test: /node_modules[\\/](@radix-ui[\\/](?!react-(toast|tabs|collection|roving-focus))|@floating-ui|react-remove-scroll|aria-hidden)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
    },
  },
});

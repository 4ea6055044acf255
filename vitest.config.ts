import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const perft = 'packages/*/test/**/perft.test.ts';
const web = 'apps/web/test/**/*.test.tsx';
const e2e = 'apps/web/e2e/**/*.test.ts';
const engineWorker = fileURLToPath(new URL('packages/ai/src/worker/browser.ts', import.meta.url));

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Two files at once on CI's 2 cores (Vitest's default is one fewer than the cores): most tests
    // wait on a database or a socket; the browser journeys still run one at a time (fileParallelism).
    maxWorkers: 2,
    // A PGlite database starts in seconds, more on a loaded machine.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The web app's plain modules (.test.ts) run here; its components (.test.tsx) in `web`.
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [perft],
        },
      },
      {
        // Vite's module runner turns each imported binding into a property read, which makes the
        // move generator's hot loops about 5x slower: perft runs on Node's own loader, through tsx.
        extends: true,
        test: {
          name: 'perft',
          include: [perft],
          experimental: { viteModuleRunner: false, nodeLoader: false },
          execArgv: ['--import', 'tsx'],
        },
      },
      {
        // The web app's components in a simulated DOM.
        extends: true,
        plugins: [react()],
        resolve: { alias: { '@sbc/ai/browser': engineWorker } },
        test: {
          name: 'web',
          include: [web],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
      {
        // The built web app in Debian's Chromium against the real server (skipped without Chromium).
        // The global setup builds apps/web/dist when it is missing or older than its sources.
        extends: true,
        test: {
          name: 'e2e',
          include: [e2e],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

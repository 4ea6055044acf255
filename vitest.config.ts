import { defineConfig } from 'vitest/config';

const perft = 'packages/*/test/**/perft.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
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
    ],
  },
});

/**
 * Before the end-to-end tests: builds the web app (which the server serves from apps/web/dist) when
 * the build is missing or older than its sources, and, when DATABASE_URL and REDIS_URL are set
 * (the two-instance test runs), the server's bundle (apps/server/dist) likewise. Nothing to do when
 * Chromium is missing: the tests are skipped then.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAS_CHROMIUM } from './chromium.ts';
import { TWO_INSTANCES } from './instances.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The packages both bundles inline. */
const PACKAGES = ['packages/rules/src', 'packages/game/src', 'packages/api/src'];

/** What is built, from what: the app and the packages it imports; the server and its migrations. */
const BUILDS = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'docs/rules.md',
      'packages/ai/src',
      ...PACKAGES,
    ],
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the tests
    // drive the production build that players get.
    env: { NODE_ENV: 'production' },
  },
  server: {
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.ts', 'apps/server/drizzle', ...PACKAGES],
    env: {},
  },
};

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Runs `npm run build -w @sbc/<name>` when its output is missing or older than its sources. */
function build(name: keyof typeof BUILDS): void {
  const { output, sources, env } = BUILDS[name];
  const built = join(root, output);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((p) => newest(join(root, p))));
  if (builtAt > changedAt) return;
  const dist = output.slice(0, output.lastIndexOf('/'));
  console.log(
    `[e2e] ${builtAt ? `${dist} is older than its sources` : `${dist} is missing`}: npm run build -w @sbc/${name}`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', `@sbc/${name}`], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    // A failed build may have written some of its files: the next run must build again.
    rmSync(join(root, output), { force: true });
    throw new Error(
      `[e2e] building ${dist} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

export default function setup(): void {
  // Without Chromium the tests are skipped (the test file says how to install it).
  if (!HAS_CHROMIUM) return;
  build('web');
  if (TWO_INSTANCES) build('server');
}

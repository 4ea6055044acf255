/**
 * Before the end-to-end tests: builds the web app (which the server serves from apps/web/dist) when
 * the build is missing or older than its sources. Nothing to do when Chromium is missing: the
 * tests are skipped then.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAS_CHROMIUM } from './chromium.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
/** What the bundle is made of: the app and the packages it imports. */
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/rules/src',
  'docs/rules.md',
  'packages/game/src',
  'packages/ai/src',
  'packages/api/src',
].map((p) => join(root, p));

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

export default function setup(): void {
  // Without Chromium the tests are skipped (the test file says how to install it).
  if (!HAS_CHROMIUM) return;
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newest));
  if (builtAt > changedAt) return;
  console.log(
    `[e2e] ${builtAt ? 'apps/web/dist is older than its sources' : 'apps/web/dist is missing'}: npm run build -w @sbc/web`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the tests
  // drive the production build that players get.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(npm, ['run', 'build', '-w', '@sbc/web'], { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `[e2e] building the web app failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

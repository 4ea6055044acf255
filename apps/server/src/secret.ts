import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

/**
 * The key the server signs with: APP_SECRET when set, else one made once and kept in DATA_DIR, so
 * that a restart keeps guests' seats. Instances that share players need the same APP_SECRET.
 */
export function loadSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = join(config.DATA_DIR, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

/**
 * The key of the codes' HMAC (docs/api.md, Verification codes): APP_SECRET, or else one made at the
 * first start and kept in DATA_DIR/secret, readable by the server's user alone. Never in the
 * database: a copy of it would hold the codes and their key together.
 */
export function appSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = join(config.DATA_DIR, 'secret');
  mkdirSync(config.DATA_DIR, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    // Only if there is none yet ('wx'), so that two processes starting at once keep one secret.
    writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = readFileSync(file, 'utf8').trim();
  if (kept.length < 32) throw new Error(`${file} must hold at least 32 characters (or set APP_SECRET)`);
  return kept;
}

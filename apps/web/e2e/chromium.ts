import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const MISSING_CHROMIUM = `Chromium not found at ${CHROMIUM}: the end-to-end tests are skipped. Install it with \`apt-get install -y chromium\` to run them.`;

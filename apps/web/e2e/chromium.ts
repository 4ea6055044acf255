import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium (`apt-get install -y chromium`) through playwright-core, for the end-to-end
 * tests and the scripts that measure or photograph the app; CHROMIUM_PATH points elsewhere.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const MISSING_CHROMIUM = `Chromium not found at ${CHROMIUM}: the end-to-end tests are skipped. Install it with \`apt-get install -y chromium\` to run them.`;

/** Chromium headless, with the flags for a container: no sandbox, no GPU, nothing in the background. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

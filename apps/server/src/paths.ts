import { fileURLToPath } from 'node:url';

/**
 * A path under apps/server. This module is one folder below it both as a source (src/paths.ts,
 * run by tsx) and inlined in the build (dist/main.js, dist/admin.js), so the same URL serves both.
 */
const fromServer = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The versioned SQL migrations, applied at start-up. */
export const MIGRATIONS_DIR = fromServer('drizzle');
/** Where `npm run build -w @sbc/web` writes the web app. */
export const WEB_DIST = fromServer('../web/dist');

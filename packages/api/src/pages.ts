/**
 * The web app's pages (docs/api.md §1, docs/architecture.md §6) in React Router's syntax. Any
 * other path shows the not-found page, which the server answers with 404. Pages not built yet are
 * listed too, so that building one needs no server change.
 */
export const PAGES = [
  '/',
  '/auth',
  '/settings',
  '/game/:id',
  '/room/:code',
  '/games',
  '/players',
  '/@/:username',
  '/about',
  '/support',
  '/privacy',
  '/terms',
  '/sponsor',
  '/feedback',
  '/admin',
  '/learn',
  '/learn/:id',
] as const;

const patterns = PAGES.map((page) => new RegExp(`^${page.replace(/:\w+/g, '[^/]+')}$`, 'i'));

/** Whether the app has a page at this path; like React Router, whatever the case or a final slash. */
export function isPage(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return patterns.some((pattern) => pattern.test(trimmed));
}

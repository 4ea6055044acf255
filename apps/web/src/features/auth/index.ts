export { authApi, seedSession, useSession } from './api/session.ts';

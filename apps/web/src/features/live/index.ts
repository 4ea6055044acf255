/**
 * Live play at /ws: the socket client and its hook, who this browser plays as, and the notices
 * every open page hears.
 */
export { knownGuest, rememberGuest } from './api/guest.ts';
export { listenToNotices, type Notice } from './api/notices.ts';
export { ConnectionBadge } from './components/ConnectionBadge.tsx';
export { reportLiveError, useLiveSocket } from './hooks/useLiveSocket.ts';
export { usePlayerId } from './hooks/usePlayerId.ts';

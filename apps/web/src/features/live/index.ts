/** Live play at /ws: the socket client and its hook, and who this browser plays as. */
export { knownGuest, rememberGuest } from './api/guest.ts';
export { ConnectionBadge } from './components/ConnectionBadge.tsx';
export { reportLiveError, useLiveSocket } from './hooks/useLiveSocket.ts';
export { usePlayerId } from './hooks/usePlayerId.ts';

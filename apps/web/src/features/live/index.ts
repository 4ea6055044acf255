/** Live play at /ws: the socket client and its hook, and who this browser plays as. */
export { type Guest, knownGuest, rememberGuest } from './api/guest.ts';
export { LiveConnection, type LiveStatus, liveUrl, RECONNECT_MS } from './api/socket.ts';
export { ConnectionBadge } from './components/ConnectionBadge.tsx';
export { reportLiveError, useLiveSocket } from './hooks/useLiveSocket.ts';
export { usePlayerId } from './hooks/usePlayerId.ts';

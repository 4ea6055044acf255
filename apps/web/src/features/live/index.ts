/**
 * Live play at /ws: the socket client and its hook, who this browser plays as (and the guest's
 * name field), and the notices every open page hears.
 */
export { becameGuest, knownGuest, rememberGuest } from './api/guest.ts';
export { listenToNotices, type Notice } from './api/notices.ts';
export type { LiveStatus, Subscription } from './api/socket.ts';
export { ConnectionBadge } from './components/ConnectionBadge.tsx';
export { GuestNameField, withName } from './components/GuestNameField.tsx';
export { reportLiveError, useLiveSocket } from './hooks/useLiveSocket.ts';
export { usePlayerId } from './hooks/usePlayerId.ts';

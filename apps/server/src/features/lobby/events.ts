import type { Seek, ServerMessage } from '@sbc/api';
import type { EventBus } from '../../events/bus.ts';

/** A seek opened or seeks ended, for every instance's view of the open seeks (view.ts). */
export type LobbyEvent = { type: 'added'; seek: Seek } | { type: 'ended'; seekIds: string[] };

export const lobbyEvents = (bus: EventBus) => bus.channel<LobbyEvent>('lobby-events');

/** A message for every socket of one player, on every instance (the live feature relays it). */
export interface PlayerEvent {
  playerId: string;
  message: ServerMessage;
}

export const playerEvents = (bus: EventBus) => bus.channel<PlayerEvent>('player-events');

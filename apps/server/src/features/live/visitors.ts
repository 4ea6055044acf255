import { randomUUID } from 'node:crypto';
import type { ClientMessage } from '@sbc/api';
import { HttpError } from '../../errors.ts';
import type { Player } from '../rooms/guests.ts';

const VISITOR = 'visitor-';

/**
 * A socket opened by someone neither signed in nor a guest (the landing page, the current games):
 * an id no seat, game or seek can hold, so that it may only watch.
 */
export const visitor = (): Player => ({ id: `${VISITOR}${randomUUID()}`, name: 'Visitor', isGuest: true });

export const isVisitor = (player: Player): boolean => player.id.startsWith(VISITOR);

/** What a visitor's socket may send: watching online games (as a spectator) and the lobby. */
const WATCHING = new Set<ClientMessage['type']>(['game:watch', 'game:sync', 'games:watch', 'lobby:watch']);

const SIGN_IN_REQUIRED = new HttpError(401, 'Sign in or choose a guest name first', {
  code: 'signInRequired',
});

/** Refuses a visitor's message that would do more than watch, before it does anything. */
export function refuseVisitor(player: Player, message: ClientMessage): void {
  if (isVisitor(player) && !WATCHING.has(message.type)) throw SIGN_IN_REQUIRED;
}

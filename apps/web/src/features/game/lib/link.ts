import type { ClientMessage, GameActionResponse } from '@sbc/api';
import type { ColorName } from '@sbc/rules';

/** An intention on an online game as the socket carries it. */
export type GameMessage = Extract<
  ClientMessage,
  {
    type:
      | 'game:move'
      | 'game:choose'
      | 'game:resign'
      | 'game:draw_request'
      | 'game:draw_respond'
      | 'game:claim';
  }
>;

/** How an online game's screen reaches the server (components/online/OnlineGame.tsx). */
export interface OnlineLink {
  /** The colour this screen may move: the player's while a way to the server is open, else null. */
  seat: ColorName | null;
  /** Whether the HTTP game calls are this screen's: a signed-in player's (a guest has only the socket). */
  http: boolean;
  /** Sends over the socket and settles with the game it led to; undefined sends over HTTP instead. */
  send: (message: GameMessage) => Promise<GameActionResponse> | undefined;
}

/** An intention over the socket when the online link takes it, else over HTTP. */
export const sendOver = (
  online: OnlineLink | undefined,
  message: GameMessage,
  http: () => Promise<GameActionResponse>,
): Promise<GameActionResponse> => online?.send(message) ?? http();

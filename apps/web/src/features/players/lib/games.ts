/** A game of a profile's list as its player sees it: their side, the opponent, the result. */
import type { Color, GameRating, GameSummary } from '@sbc/api';
import { opponent } from '@sbc/rules';
import { type Outcome, outcome } from '../../../lib/outcome.ts';

export interface PlayerGame {
  color: Color;
  /** The opponent's name; null when nobody holds that seat. */
  opponent: { name: string; isGuest: boolean; rating: GameRating | null } | null;
  /** Null while the game goes on. */
  outcome: Outcome | null;
  /** The player's rating change once a rated game has ended. */
  diff: number | null;
}

/** `username`'s side of `game` (the profile's own spelling: the server's list is theirs). */
export function playerGame(game: GameSummary, username: string): PlayerGame {
  const color: Color =
    game.whitePlayer?.username.toLowerCase() === username.toLowerCase() ? 'white' : 'black';
  const other = opponent(color);
  const name = game[`${other}Player`]?.username;
  const id = game[`${other}PlayerId`];
  return {
    color,
    opponent: name ? { name, isGuest: id?.startsWith('guest-') ?? false, rating: game.ratings[other] } : null,
    outcome: outcome(game, game[`${color}PlayerId`] ?? undefined),
    diff: game.ratings[color]?.diff ?? null,
  };
}

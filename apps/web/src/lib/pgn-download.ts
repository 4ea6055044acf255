import type { GameResponse } from '@sbc/api';
import { capitalize, isLive, pgn, speedOf } from '@sbc/game';
import { playerNames } from './players.ts';

const EVENTS = { computer: 'Game against the computer', local: 'Local game' } as const;

/** An online game's event as lichess writes it: 'Rated Blitz game', 'Casual Correspondence game'. */
function eventOf(game: GameResponse): string {
  if (game.mode !== 'online') return EVENTS[game.mode];
  const speed = speedOf(game.timeControl);
  return `${game.rated ? 'Rated' : 'Casual'} ${speed ? capitalize(speed) : 'untimed'} game`;
}

/**
 * A game as PGN (@sbc/game's `pgn`), with the names the game screen shows, the players' ratings
 * at its start (and a rated game's changes) and the server's clocks.
 */
export function gamePgn(game: GameResponse): string {
  const names = playerNames(game, game.gameState);
  return pgn({
    state: game.gameState,
    white: names.white,
    black: names.black,
    date: new Date(game.createdAt),
    event: eventOf(game),
    site: `${window.location.origin}/game/${game.id}`,
    timeControl: game.timeControl,
    plies: game.gameState.clock?.plies,
    ratings: game.ratings,
  });
}

/** Whether a game can be downloaded: once it is over. */
export const downloadable = (game: GameResponse | undefined): game is GameResponse =>
  !!game && !isLive(game.gameState.gameStatus);

/** Saves a game as a .pgn file named by its date and id. */
export function downloadPgn(game: GameResponse): void {
  const url = URL.createObjectURL(new Blob([gamePgn(game)], { type: 'application/x-chess-pgn' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `shared-box-chess-${game.createdAt.slice(0, 10)}-${game.id}.pgn`;
  link.click();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import type { GameStatistics } from '@sbc/api';
import { and, count, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { games } from '../../db/schema.ts';
import { playedBy } from './store.ts';

const DRAWN = new Set(['draw', 'stalemate']);

/**
 * The statistics of docs/api.md §5, in one grouped query. Won and lost (white won, black won) count
 * every decided game, resigned, abandoned and lost on time ones included; drawn counts draws and
 * stalemates. An aborted game (a side never made its first move) counts for nobody, not even in
 * the totals.
 */
export async function statistics(db: Db, userId: string): Promise<GameStatistics> {
  const groups = await db
    .select({
      mode: games.mode,
      status: games.status,
      winner: games.winner,
      whitePlayerId: games.whitePlayerId,
      games: count(),
    })
    .from(games)
    .where(and(playedBy(userId), ne(games.status, 'aborted')))
    .groupBy(games.mode, games.status, games.winner, games.whitePlayerId);
  const stats: GameStatistics = {
    computerGames: { total: 0, won: 0, lost: 0, drawn: 0, resigned: 0, abandoned: 0 },
    twoPlayerGames: { total: 0, whiteWon: 0, blackWon: 0, drawn: 0, resigned: 0, abandoned: 0 },
  };
  for (const g of groups) {
    const target = g.mode === 'computer' ? stats.computerGames : stats.twoPlayerGames;
    target.total += g.games;
    if (DRAWN.has(g.status)) target.drawn += g.games;
    if (g.status === 'resigned') target.resigned += g.games;
    if (g.status === 'abandoned') target.abandoned += g.games;
    if (!g.winner) continue;
    if (g.mode === 'computer') {
      const human = g.whitePlayerId === userId ? 'white' : 'black';
      if (g.winner === human) stats.computerGames.won += g.games;
      else stats.computerGames.lost += g.games;
    } else if (g.winner === 'white') stats.twoPlayerGames.whiteWon += g.games;
    else stats.twoPlayerGames.blackWon += g.games;
  }
  return stats;
}

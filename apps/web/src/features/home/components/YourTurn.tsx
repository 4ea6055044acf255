import type { GamePage, GameSummary } from '@sbc/api';
import { initialMs, isLive } from '@sbc/game';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { formatTimeToMove, timeControlLabel } from '../../../lib/clock.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The list is read again every minute: a correspondence game's time left is shown to the minute. */
export const YOUR_TURN_POLL_MS = 60_000;

/** Whether it is `me`'s move in a live online game (at one screen both sides are the owner's). */
const myMove = (g: GameSummary, me: string) =>
  g.mode === 'online' &&
  isLive(g.status) &&
  (g.currentTurn === 'white' ? g.whitePlayerId : g.blackPlayerId) === me;
const correspondenceFirst = (a: GameSummary, b: GameSummary) =>
  Number(b.timeControl.kind === 'correspondence') - Number(a.timeControl.kind === 'correspondence');

/**
 * The time left to move in a correspondence game: the turn began when the last move was stored
 * (the server's deadline is that moment and the days per move).
 */
const timeToMove = (g: GameSummary, now: number) =>
  formatTimeToMove(Date.parse(g.lastMoveAt) + initialMs(g.timeControl) - now);

/**
 * 'Your turn': the player's live games where it is their move (GET /api/games?turn=mine,
 * correspondence first), each with its time control and, in correspondence, the time left to move.
 * Nothing while there is none.
 */
export function YourTurn({ me }: { me: string }) {
  const { data } = useQuery<GamePage>({
    queryKey: queryKeys.games({ turn: 'mine' }),
    refetchInterval: YOUR_TURN_POLL_MS,
  });
  const games = (data?.items ?? []).filter((g) => myMove(g, me)).sort(correspondenceFirst);
  if (games.length === 0) return null;
  const now = Date.now();
  return (
    <Card title="Your turn" className="mb-4">
      <ul className="divide-y divide-slate-100">
        {games.map((g) => (
          <li key={g.id}>
            <Link
              to={`/game/${g.id}`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1 py-2 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <span className="font-medium text-slate-900">
                vs {(g.whitePlayerId === me ? g.blackPlayer : g.whitePlayer)?.username ?? 'Guest'}
              </span>
              <span className="flex items-center gap-3 text-sm text-slate-600">
                {timeControlLabel(g.timeControl)}
                {g.timeControl.kind === 'correspondence' && (
                  <span className="font-semibold text-slate-900">{timeToMove(g, now)} left</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

import type { GameSummary } from '@sbc/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/Pager.tsx';
import { PlayerName, RatingDiff } from '../../../components/PlayerName.tsx';
import { timeControlLabel } from '../../../lib/clock.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/http.ts';
import { OUTCOME_CLASS } from '../../../lib/outcome.ts';
import { plural } from '../../../lib/plural.ts';
import { usePlayerGames } from '../api/players.ts';
import { playerGame } from '../lib/games.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** One game of the list: the whole row opens it (to replay, or to watch while it goes on). */
function GameRow({ game, username }: { game: GameSummary; username: string }) {
  const { opponent, outcome, diff } = playerGame(game, username);
  const result = outcome?.text ?? 'Playing now';
  return (
    <li className="relative flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2 focus-within:ring-2 focus-within:ring-amber-500 hover:border-amber-500">
      <span className="flex min-w-0 flex-col">
        <span className="flex items-baseline gap-2 text-sm font-medium">
          {/* The link covers the row (its ::after); the opponent's name above it stays a link of its own. */}
          <Link
            to={`/game/${game.id}`}
            className={cn(
              'after:absolute after:inset-0 focus:outline-none',
              outcome && OUTCOME_CLASS[outcome.result],
            )}
          >
            {result}
          </Link>
          {diff !== null && <RatingDiff diff={diff} />}
        </span>
        <span className="flex min-w-0 items-baseline gap-1 text-sm text-slate-700">
          vs{' '}
          {opponent ? (
            <PlayerName
              name={opponent.name}
              isGuest={opponent.isGuest}
              rating={opponent.rating}
              className="relative"
            />
          ) : (
            'nobody yet'
          )}
        </span>
      </span>
      <span className="text-right text-xs text-slate-500">
        <span className="block">
          {timeControlLabel(game.timeControl)} · {game.rated ? 'Rated' : 'Casual'}
        </span>
        <span className="block">
          {plural(game.moveCount, 'move')} · {day(game.createdAt)}
        </span>
      </span>
    </li>
  );
}

/** The player's games, newest first, a page at a time; each opens its game. */
export function PlayerGames({ username }: { username: string }) {
  const [page, setPage] = useState(1);
  const query = usePlayerGames(username, page);
  const games = query.data;
  if (!games)
    return query.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(query.error, 'The games could not be loaded.')}
      </p>
    ) : (
      <p className="text-sm text-slate-500">Loading games...</p>
    );
  if (games.items.length === 0) return <p className="text-sm text-slate-500">No games yet.</p>;
  return (
    <>
      <ul aria-label="Games" className="grid gap-2 lg:grid-cols-2">
        {games.items.map((g) => (
          <GameRow key={g.id} game={g} username={username} />
        ))}
      </ul>
      <Pager page={games.page} totalPages={games.totalPages} total={games.total} onPage={setPage} />
    </>
  );
}

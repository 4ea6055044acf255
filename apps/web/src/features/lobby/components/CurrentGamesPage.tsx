import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/Pager.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useLiveGames } from '../api/lobby.ts';
import { useLobbySocket } from '../hooks/useLobbySocket.ts';
import { type RenderThumb, withThumb } from '../lib/thumbs.ts';
import { GameCard } from './GameCard.tsx';

/**
 * Current games: the live online games anyone may watch, 50 a page, each on a small board that
 * follows it over the socket; the list is read again every 5 s and when a game on it ends.
 */
export function CurrentGamesPage({ renderBoard }: { renderBoard: RenderThumb }) {
  const [page, setPage] = useState(1);
  const query = useLiveGames(page);
  const games = query.data;
  const { thumbs } = useLobbySocket({ lobby: false, gameIds: games?.items.map((g) => g.id) ?? [] });
  // Games ended since: a page past the last shows the last.
  const last = Math.max(1, games?.totalPages ?? 1);
  useEffect(() => {
    if (page > last) setPage(last);
  }, [page, last]);

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Current games</h1>
        <Link to="/" className="text-sm font-medium text-amber-700 underline-offset-2 hover:underline">
          Play online
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">The games being played now: open one to watch it live.</p>
      {!games ? (
        query.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            {errorMessage(query.error, 'The games could not be loaded.')}
          </p>
        ) : (
          <Spinner />
        )
      ) : games.items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-700">No games are being played right now.</p>
          <Link to="/" className={`mt-4 ${buttonClass('primary')}`}>
            Play online
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {games.items.map((game) => (
              <li key={game.id}>
                <GameCard game={withThumb(game, thumbs[game.id])} renderBoard={renderBoard} />
              </li>
            ))}
          </ul>
          <Pager page={games.page} totalPages={games.totalPages} total={games.total} onPage={setPage} />
        </>
      )}
    </main>
  );
}

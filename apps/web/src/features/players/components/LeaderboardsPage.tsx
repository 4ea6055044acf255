import {
  LEADERBOARD_ACTIVE_DAYS,
  LEADERBOARD_MIN_GAMES,
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  type Speed,
} from '@sbc/api';
import { capitalize, SPEEDS } from '@sbc/game';
import { PlayerName, RatingDiff } from '../../../components/PlayerName.tsx';
import { Spinner } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useLeaderboards } from '../api/players.ts';

/** Who is ranked, said under an empty leaderboard (the server's rule: docs/api.md, "Ratings and profiles"). */
const RANKED = `A player is ranked after ${LEADERBOARD_MIN_GAMES} rated games in the category, once the rating is no longer provisional, with a rated game in the last ${LEADERBOARD_ACTIVE_DAYS} days.`;

function Leaderboard({ speed, players }: { speed: Speed; players: LeaderboardEntry[] }) {
  const name = capitalize(speed);
  return (
    <section
      aria-labelledby={`board-${speed}`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`board-${speed}`} className="mb-2 text-base font-semibold text-slate-900">
        {name}
      </h2>
      {players.length === 0 ? (
        <div className="text-sm">
          <p className="font-medium text-slate-700">No ranked players yet</p>
          <p className="mt-1 text-slate-500">{RANKED}</p>
        </div>
      ) : (
        <table aria-label={`${name} leaderboard`} className="w-full text-sm">
          <thead className="border-b border-slate-200 text-left text-xs text-slate-500">
            <tr>
              <th scope="col" className="w-8 py-1 pr-2 font-medium">
                #
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Player
              </th>
              <th scope="col" className="w-16 py-1 pr-2 text-right font-medium">
                Rating
              </th>
              <th
                scope="col"
                className="w-20 py-1 text-right font-medium"
                title="Over the last 12 rated games"
              >
                Progress
              </th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr key={p.username} className="border-b border-slate-100 last:border-0">
                <td className="py-1.5 pr-2 text-slate-500 tabular-nums">{i + 1}</td>
                <td className="max-w-0 py-1.5 pr-2">
                  <PlayerName name={p.username} className="max-w-full font-medium" />
                </td>
                <td className="py-1.5 pr-2 text-right font-semibold tabular-nums">{p.rating}</td>
                <td className="py-1.5 text-right">
                  <RatingDiff diff={p.progress} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** `/players`: each category's top players, best first, in the clocks' order; each links to the profile. */
export function LeaderboardsPage() {
  const query = useLeaderboards();
  const boards = query.data;
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Leaderboards</h1>
      <p className="mt-1 text-sm text-slate-600">
        The top {LEADERBOARD_SIZE} rated players of each category.
      </p>
      {!boards ? (
        query.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            {errorMessage(query.error, 'The leaderboards could not be loaded.')}
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="mt-4 grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">
          {SPEEDS.map((speed) => (
            <Leaderboard
              key={speed}
              speed={speed}
              players={boards.find((b) => b.speed === speed)?.players ?? []}
            />
          ))}
        </div>
      )}
    </main>
  );
}

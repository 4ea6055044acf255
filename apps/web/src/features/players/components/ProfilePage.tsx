import type { Profile, RatingHistory } from '@sbc/api';
import { SPEEDS } from '@sbc/game';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { PRODUCT } from '../../../lib/site.ts';
import { isNotFound, useProfile, useRatingHistory } from '../api/players.ts';
import { PlayerGames } from './PlayerGames.tsx';
import { RatingCard } from './RatingCard.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

function NotFound({ username }: { username: string }) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Player not found</h1>
      <p className="text-slate-600">No player is called “{username}”.</p>
      <Link to="/players" className={buttonClass('outline')}>
        Leaderboards
      </Link>
    </main>
  );
}

function Counts({ counts }: { counts: Profile['counts'] }) {
  const items = [
    ['Played', counts.played],
    ['Won', counts.won],
    ['Lost', counts.lost],
    ['Drawn', counts.drawn],
  ] as const;
  return (
    <dl className="grid grid-cols-4 gap-2 rounded-xl border border-slate-200 bg-white p-3 text-center shadow-sm">
      {items.map(([label, n]) => (
        <div key={label}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{n}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The categories in the clocks' order, each with its history (null while it loads). */
function Ratings({ profile, history }: { profile: Profile; history: RatingHistory | undefined }) {
  if (profile.ratings.length === 0) return <p className="text-sm text-slate-500">No rated games yet.</p>;
  const ratings = [...profile.ratings].sort((a, b) => SPEEDS.indexOf(a.speed) - SPEEDS.indexOf(b.speed));
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {ratings.map((r) => (
        <RatingCard
          key={r.speed}
          rating={r}
          points={history ? (history.find((h) => h.speed === r.speed)?.points ?? []) : null}
        />
      ))}
    </div>
  );
}

/**
 * `/@/{username}`, public to everyone: the account's date, the terms violation notice, the live game
 * to watch, each category's rating with its chart, the results and the games (nothing private).
 */
export function ProfilePage({ username }: { username: string }) {
  const query = useProfile(username);
  const history = useRatingHistory(username);
  const profile = query.data;
  if (!profile) {
    if (isNotFound(query.error)) return <NotFound username={username} />;
    return query.isError ? (
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <p role="alert" className="text-red-700">
          {errorMessage(query.error, 'The profile could not be loaded.')}
        </p>
      </main>
    ) : (
      <Spinner />
    );
  }
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-slate-900">{profile.username}</h1>
          <p className="text-sm text-slate-600">Member since {day(profile.createdAt)}</p>
        </div>
        {profile.playing && (
          <p className="flex items-center gap-2 text-sm">
            <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
              Playing now
            </span>
            <Link to={`/game/${profile.playing.gameId}`} className={buttonClass('primary', 'sm')}>
              Watch
            </Link>
          </p>
        )}
      </header>
      {profile.tosViolation && (
        <p
          role="note"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          This account violates the {PRODUCT} Terms of Service.
        </p>
      )}
      <section aria-labelledby="ratings-title" className="space-y-3">
        <h2 id="ratings-title" className="text-lg font-semibold text-slate-900">
          Ratings
        </h2>
        <Ratings profile={profile} history={history.data} />
      </section>
      <section aria-labelledby="games-title" className="space-y-3">
        <h2 id="games-title" className="text-lg font-semibold text-slate-900">
          Games
        </h2>
        <Counts counts={profile.counts} />
        <PlayerGames username={profile.username} />
      </section>
    </main>
  );
}

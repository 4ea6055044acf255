import type { ProfileRating, RatingHistory } from '@sbc/api';
import { capitalize, formatRating } from '@sbc/game';
import { RatingDiff } from '../../../components/PlayerName.tsx';
import { RatingChart } from './RatingChart.tsx';

/**
 * One speed category of a profile: the rating ('1500?' while provisional), its deviation, the rated
 * games, the progress over the last 12 of them, and the rating's history on a chart.
 */
export function RatingCard({
  rating,
  points,
}: {
  rating: ProfileRating;
  /** Null while the history loads. */
  points: RatingHistory[number]['points'] | null;
}) {
  const name = capitalize(rating.speed);
  return (
    <article
      aria-labelledby={`rating-${rating.speed}`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`rating-${rating.speed}`} className="text-base font-semibold text-slate-900">
          {name}
        </h3>
        <p
          className="text-3xl font-bold text-slate-900 tabular-nums"
          title={rating.provisional ? 'Provisional: not enough rated games yet' : undefined}
        >
          {formatRating(rating.rating, rating.provisional)}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">Deviation</dt>
          <dd className="font-medium tabular-nums">{rating.deviation}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Rated games</dt>
          <dd className="font-medium tabular-nums">{rating.games}</dd>
        </div>
        <div>
          <dt className="text-slate-500" title="The rating's change over the last 12 rated games">
            Progress
          </dt>
          <dd>
            <RatingDiff diff={rating.progress} />
          </dd>
        </div>
      </dl>
      {points && points.length > 0 && (
        <div className="mt-3">
          <RatingChart speedName={name} points={points} />
        </div>
      )}
    </article>
  );
}

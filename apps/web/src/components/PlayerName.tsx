import type { PlayerRating } from '@sbc/api';
import { formatRating, formatRatingDiff } from '@sbc/game';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';

/** A player's profile page: `/@/{username}`. */
export const profilePath = (username: string): string => `/@/${encodeURIComponent(username)}`;

interface Props {
  name: string;
  /** A guest has no profile: the name is not a link. */
  isGuest?: boolean;
  rating?: PlayerRating | null;
  /** A rated game's change once it ended: '+12' in green, '-12' in red. */
  diff?: number | null;
  className?: string;
}

/** A player's name as every screen shows it: a link to the profile, the rating ('1500?'), the change. */
export function PlayerName({ name, isGuest = false, rating, diff, className }: Props) {
  return (
    <span className={cn('inline-flex min-w-0 items-baseline gap-1', className)}>
      {isGuest ? (
        <span className="truncate">{name}</span>
      ) : (
        <Link to={profilePath(name)} className="truncate hover:underline">
          {name}
        </Link>
      )}
      {rating && (
        <span className="shrink-0 text-xs text-slate-500 tabular-nums" title="Rating">
          {formatRating(rating.rating, rating.provisional)}
        </span>
      )}
      {diff != null && <RatingDiff diff={diff} className="shrink-0 text-xs" />}
    </span>
  );
}

/** A rating change or a progress: '+12' in green, '-12' in red, '0' in grey. */
export function RatingDiff({ diff, className }: { diff: number; className?: string }) {
  return (
    <span
      className={cn(
        'font-semibold tabular-nums',
        diff > 0 ? 'text-emerald-700' : diff < 0 ? 'text-red-700' : 'text-slate-500',
        className,
      )}
      data-testid="rating-diff"
    >
      {formatRatingDiff(diff)}
    </span>
  );
}

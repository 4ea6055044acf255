import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLobby } from '../hooks/useLobby.ts';
import { gameTitle, type RenderThumb, withThumb } from '../lib/thumbs.ts';
import { PlayerLines, timeControlText } from './GameCard.tsx';

/**
 * The featured live game (the most watched), on a small board that follows it, linking to it;
 * `fallback` when there is none (the landing page's example position).
 */
export function FeaturedGame({ renderBoard, fallback }: { renderBoard: RenderThumb; fallback?: ReactNode }) {
  const { featured, thumbs } = useLobby();
  if (!featured) return fallback;
  const game = withThumb(featured, thumbs[featured.id]);
  return (
    <section
      aria-labelledby="featured-game"
      className="relative mx-auto w-full max-w-sm rounded-xl bg-white p-3 text-slate-900 shadow-lg"
    >
      <h2 id="featured-game" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" />
        Featured game
      </h2>
      <div inert className="pointer-events-none">
        {renderBoard({ sbfen: game.sbfen, lastMove: game.lastMove, label: gameTitle(game) })}
      </div>
      {/* The link covers the card; the names above it open the profiles. */}
      <Link
        to={`/game/${game.id}`}
        aria-label={`Watch ${gameTitle(game)}`}
        className="absolute inset-0 rounded-xl"
      />
      <div className="mt-2 flex flex-col text-sm">
        <PlayerLines game={game} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {timeControlText(game)} · {game.spectators} watching
      </p>
    </section>
  );
}

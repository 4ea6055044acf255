import type { CurrentGame, LobbyPlayer } from '@sbc/api';
import { formatTimeControl } from '@sbc/game';
import { Link } from 'react-router';
import { PlayerName } from '../../../components/PlayerName.tsx';
import { plural } from '../../../lib/plural.ts';
import { SPEED_NAMES } from '../lib/pools.ts';
import { gameTitle, type RenderThumb } from '../lib/thumbs.ts';

/**
 * A player's name after a small square of their colour, with the rating, linking to the profile.
 * It stands above the card's link that covers the card (relative), so that it takes its own clicks.
 */
function PlayerLine({ player, color }: { player: LobbyPlayer; color: 'white' | 'black' }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span
        aria-hidden="true"
        className={`h-3 w-3 shrink-0 rounded-sm border border-slate-500 ${color === 'white' ? 'bg-white' : 'bg-slate-900'}`}
      />
      <PlayerName
        name={player.name}
        isGuest={player.isGuest}
        rating={player.rating}
        className="relative max-w-full"
      />
      {player.isGuest && <span className="shrink-0 text-xs text-slate-500">(guest)</span>}
    </span>
  );
}

/** Both players of a live game, one line each. */
export const PlayerLines = ({ game }: { game: CurrentGame }) => (
  <>
    <PlayerLine player={game.white} color="white" />
    <PlayerLine player={game.black} color="black" />
  </>
);

/** '3+2 · Blitz · Rated': a game's time control, speed and, when rated, so. */
export const timeControlText = (game: CurrentGame): string =>
  [formatTimeControl(game.timeControl), game.speed && SPEED_NAMES[game.speed], game.rated && 'Rated']
    .filter(Boolean)
    .join(' · ');

/**
 * A live game on the Current games page: its small board (seen, not played: inert), the players,
 * the time control, the moves played and the spectators; the whole card opens the game.
 */
export function GameCard({ game, renderBoard }: { game: CurrentGame; renderBoard: RenderThumb }) {
  return (
    <article className="relative rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-amber-500 hover:border-amber-500">
      <div inert className="pointer-events-none">
        {renderBoard({ sbfen: game.sbfen, lastMove: game.lastMove, label: gameTitle(game) })}
      </div>
      <h3 className="mt-2 text-sm font-semibold text-slate-900">
        {/* The link covers the card, so that a click anywhere but on a name opens the game. */}
        <Link
          to={`/game/${game.id}`}
          aria-label={gameTitle(game)}
          className="absolute inset-0 rounded-xl focus:outline-none"
        />
        <PlayerLines game={game} />
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        {timeControlText(game)} · {plural(game.moveCount, 'move')} · {game.spectators} watching
      </p>
    </article>
  );
}

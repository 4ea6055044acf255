import type { Seek, SeekColor } from '@sbc/api';
import { formatTimeControl } from '@sbc/game';
import { PlayerName } from '../../../components/PlayerName.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useLobby } from '../hooks/useLobby.ts';
import { listedSeeks } from '../lib/lobby.ts';
import { SPEED_NAMES } from '../lib/pools.ts';
import { Searching } from './Searching.tsx';

const COLOR_NAMES: Record<SeekColor, string> = { white: 'White', black: 'Black', random: 'Random' };
const COLOR_ICONS: Record<SeekColor, string> = {
  white: 'bg-white',
  black: 'bg-slate-900',
  random: 'bg-gradient-to-r from-white from-50% to-slate-900 to-50%',
};

/** The colour the seeker plays, as a disc: white, black, or half of each for random. */
function ColorIcon({ color }: { color: SeekColor }) {
  return (
    <span
      role="img"
      aria-label={COLOR_NAMES[color]}
      title={COLOR_NAMES[color]}
      className={`inline-block h-4 w-4 rounded-full border border-slate-500 ${COLOR_ICONS[color]}`}
    />
  );
}

/**
 * The lobby list: the open custom seeks, live, each with its player's rating, Rated or Casual and
 * the range of ratings it takes. A click on another player's accepts it and opens the game (one on
 * the name opens the profile instead); the player's own are marked, searching, with a Cancel.
 */
export function SeekList() {
  const { lobby, unreadable, accept, cancel } = useLobby();
  const seeks = lobby ? listedSeeks(lobby) : [];
  const own = new Set(lobby?.mine.map((s) => s.id));
  return (
    <section aria-labelledby="open-games" className="min-w-0">
      <h3 id="open-games" className="mb-2 font-semibold text-slate-900">
        Open games
      </h3>
      {seeks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {lobby
            ? 'Nobody is waiting for an opponent right now. Create a game and others can accept it.'
            : unreadable
              ? 'The open games could not be loaded. Trying again...'
              : 'Loading...'}
        </p>
      ) : (
        <div className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">Player</th>
                <th className="px-2 py-2 font-medium">Time</th>
                <th className="hidden px-2 py-2 font-medium sm:table-cell">Speed</th>
                <th className="px-2 py-2 font-medium">Mode</th>
                <th className="px-2 py-2 font-medium">
                  <span className="sr-only">Colour</span>
                </th>
                <th className="px-2 py-2">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {seeks.map((seek) => (
                <SeekRow
                  key={seek.id}
                  seek={seek}
                  own={own.has(seek.id)}
                  onAccept={() => accept(seek)}
                  onCancel={() => void cancel(seek)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SeekRow({
  seek,
  own,
  onAccept,
  onCancel,
}: {
  seek: Seek;
  own: boolean;
  onAccept: () => void;
  onCancel: () => void;
}) {
  return (
    <tr
      className={
        own
          ? 'border-t border-slate-100 bg-amber-50'
          : 'cursor-pointer border-t border-slate-100 hover:bg-amber-50'
      }
      onClick={own ? undefined : (e) => (e.target as Element).closest('a') || onAccept()}
    >
      <td className="max-w-36 px-3 py-2 font-medium text-slate-900">
        <PlayerName
          name={seek.player.name}
          isGuest={seek.player.isGuest}
          rating={seek.player.rating}
          className="max-w-full"
        />
        {own && <Searching className="mt-0.5 flex text-xs font-normal text-slate-600" />}
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{formatTimeControl(seek.timeControl)}</td>
      <td className="hidden px-2 py-2 sm:table-cell">{SPEED_NAMES[seek.speed]}</td>
      <td className="px-2 py-2">
        {seek.rated ? 'Rated' : 'Casual'}
        {seek.ratingRange && (
          <span
            className="block text-xs whitespace-nowrap text-slate-500"
            title="Opponents' ratings it takes"
          >
            {seek.ratingRange.min}–{seek.ratingRange.max}
          </span>
        )}
      </td>
      <td className="px-2 py-2">
        <ColorIcon color={seek.color} />
      </td>
      <td className="px-2 py-2 text-right">
        {own ? (
          <Button size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Button
            size="sm"
            aria-label={`Play ${seek.player.name}, ${formatTimeControl(seek.timeControl)}`}
            onClick={(e) => {
              e.stopPropagation();
              onAccept();
            }}
          >
            Play
          </Button>
        )}
      </td>
    </tr>
  );
}

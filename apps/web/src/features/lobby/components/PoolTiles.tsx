import type { Seek } from '@sbc/api';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../auth/index.ts';
import { useLobby } from '../hooks/useLobby.ts';
import { countsText, POOLS, type Pool, poolOf, SPEED_NAMES } from '../lib/pools.ts';
import { Searching } from './Searching.tsx';

const TILE =
  'flex h-full min-h-28 w-full flex-col items-center justify-center gap-1 rounded-lg border p-2 text-center';
const IDLE = `${TILE} border-slate-200 bg-white shadow-sm transition-colors hover:border-amber-500 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500`;

/** A pool being searched in: its seek (null while the server has not answered) and a Cancel. */
function SearchingTile({ pool, seek, onCancel }: { pool: Pool; seek: Seek | null; onCancel: () => void }) {
  return (
    <div className={`${TILE} border-amber-500 bg-amber-50`}>
      <span className="text-xl font-semibold text-slate-900">{pool.key}</span>
      <Searching className="flex-col gap-1 text-xs text-slate-700" />
      <Button size="sm" variant="outline" disabled={!seek} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * Quick pairing, as lichess's: one tile a pool with its preset, speed and counts; a click seeks a
 * game in it, and the tile then searches until the game starts or the player cancels. The last
 * tile creates a custom game. A note under them says that a pool's games are rated between
 * signed-in players (SeekRequest).
 */
export function PoolTiles({ onCreate }: { onCreate: () => void }) {
  const { user } = useSession();
  const { lobby, asking, seekPool, cancel } = useLobby();
  const counts = new Map(lobby?.pools.map((c) => [c.pool, c]));
  const seeking = new Map(lobby?.mine.map((s) => [poolOf(s), s]));
  return (
    <div>
      <ul aria-label="Quick pairing" className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3">
        {POOLS.map((pool) => {
          const seek = seeking.get(pool.key) ?? null;
          return (
            <li key={pool.key}>
              {seek || asking.has(pool.key) ? (
                <SearchingTile pool={pool} seek={seek} onCancel={() => seek && void cancel(seek)} />
              ) : (
                <button type="button" className={IDLE} onClick={() => seekPool(pool.key)}>
                  {/* The spaces part the name a screen reader says; a flex box shows none of them. */}
                  <span className="text-2xl font-semibold text-slate-900 sm:text-3xl">{pool.key}</span>{' '}
                  <span className="text-sm font-medium text-slate-700">{SPEED_NAMES[pool.speed]}</span>{' '}
                  <span className="text-xs text-slate-500">{countsText(counts.get(pool.key))}</span>
                </button>
              )}
            </li>
          );
        })}
        <li>
          <button type="button" className={IDLE} onClick={onCreate}>
            <span className="text-base font-semibold text-slate-900 sm:text-lg">Create a game</span>{' '}
            <span className="text-xs text-slate-500">Your time control and colour</span>
          </button>
        </li>
      </ul>
      <p className="mt-2 text-xs text-slate-500">
        {user
          ? 'Quick pairing games are rated when your opponent is signed in too.'
          : 'Quick pairing games are casual for guests: sign in to play rated games.'}
      </p>
    </div>
  );
}

import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { OnceOpened } from '../../../components/OnceOpened.tsx';
import { useLobby } from '../hooks/useLobby.ts';
import { PoolTiles } from './PoolTiles.tsx';
import { SeekList } from './SeekList.tsx';

const CreateGameDialog = lazy(() =>
  import('./CreateGameDialog.tsx').then((m) => ({ default: m.CreateGameDialog })),
);

/**
 * Play online: the quick-pairing tiles with Create a game, and the lobby list beside (below, on a
 * phone), with `aside` under it (the home's featured game).
 */
export function PlayOnline({ aside }: { aside?: React.ReactNode }) {
  const { asPlayer } = useLobby();
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="play-online-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="play-online-title" className="text-2xl font-bold text-slate-900">
          Play online
        </h2>
        <span className="flex gap-4">
          <Link to="/games" className="text-sm font-medium text-amber-700 underline-offset-2 hover:underline">
            Watch: Current games
          </Link>
          <Link
            to="/players"
            className="text-sm font-medium text-amber-700 underline-offset-2 hover:underline"
          >
            Leaderboards
          </Link>
        </span>
      </div>
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PoolTiles onCreate={() => asPlayer(() => setCreating(true))} />
        <div className="space-y-6">
          <SeekList />
          {aside}
        </div>
      </div>
      <OnceOpened open={creating}>
        <CreateGameDialog open={creating} onOpenChange={setCreating} />
      </OnceOpened>
    </section>
  );
}

import { lazy, type ReactNode, useEffect, useState } from 'react';
import { OnceOpened } from '../../../components/OnceOpened.tsx';
import { whenIdle } from '../../../lib/idle.ts';
import { useFeaturedGame } from '../api/lobby.ts';
import { LobbyContext } from '../hooks/useLobby.ts';
import { useLobbySocket } from '../hooks/useLobbySocket.ts';
import { useSeeking } from '../hooks/useSeeking.ts';

// Radix's dialog and the name's form load when a visitor is first asked their name.
const GuestDialog = lazy(() => import('./GuestDialog.tsx').then((m) => ({ default: m.GuestDialog })));

/**
 * The lobby for the parts of a page within (the tiles, the list, the featured game): one socket
 * for them all, and the dialog in which a visitor names themselves.
 */
export function LobbyLive({ featured = false, children }: { featured?: boolean; children: ReactNode }) {
  // The socket, the lobby's and the featured game's reads wait until the page has loaded and the
  // browser is idle: their answers and renders then leave the page's first tasks alone.
  const [awake, setAwake] = useState(false);
  useEffect(() => whenIdle(() => setAwake(true)), []);
  const game = useFeaturedGame(featured && awake).data?.game ?? null;
  const live = useLobbySocket({ lobby: true, gameIds: game ? [game.id] : [], live: awake });
  const seeking = useSeeking(live);
  return (
    <LobbyContext value={{ ...live, ...seeking, featured: game }}>
      {children}
      <OnceOpened open={seeking.naming}>
        <GuestDialog />
      </OnceOpened>
    </LobbyContext>
  );
}

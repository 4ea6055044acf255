import type { ReactNode } from 'react';
import { useFeaturedGame } from '../api/lobby.ts';
import { LobbyContext } from '../hooks/useLobby.ts';
import { useLobbySocket } from '../hooks/useLobbySocket.ts';
import { useSeeking } from '../hooks/useSeeking.ts';
import { GuestDialog } from './GuestDialog.tsx';

/**
 * The lobby for the parts of a page within (the tiles, the list, the featured game): one socket
 * for them all, and the dialog in which a visitor names themselves.
 */
export function LobbyLive({ featured = false, children }: { featured?: boolean; children: ReactNode }) {
  const game = useFeaturedGame(featured).data?.game ?? null;
  const live = useLobbySocket({ lobby: true, gameIds: game ? [game.id] : [] });
  const seeking = useSeeking(live);
  return (
    <LobbyContext value={{ ...live, ...seeking, featured: game }}>
      {children}
      <GuestDialog />
    </LobbyContext>
  );
}

import type { CurrentGame } from '@sbc/api';
import { createContext, useContext } from 'react';
import type { useLobbySocket } from './useLobbySocket.ts';
import type { useSeeking } from './useSeeking.ts';

export type Lobby = ReturnType<typeof useLobbySocket> &
  ReturnType<typeof useSeeking> & {
    /** The featured game, when the page shows one and there is one. */
    featured: CurrentGame | null;
  };

/** The page's lobby (components/LobbyLive.tsx), for its parts. */
export const LobbyContext = createContext<Lobby | null>(null);

export function useLobby(): Lobby {
  const lobby = useContext(LobbyContext);
  if (!lobby) throw new Error('useLobby needs a LobbyLive around it');
  return lobby;
}

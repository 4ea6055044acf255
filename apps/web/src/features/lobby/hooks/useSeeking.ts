import type { PoolKey, Seek, SeekRequest, SeekResponse } from '@sbc/api';
import { useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage, isUnauthorized } from '../../../lib/http.ts';
import { useSession } from '../../auth/index.ts';
import { becameGuest, knownGuest } from '../../live/index.ts';
import { lobbyApi } from '../api/lobby.ts';
import type { useLobbySocket } from './useLobbySocket.ts';

const failed = (title: string) => (error: unknown) => {
  if (!isUnauthorized(error))
    toast({ title, description: errorMessage(error, '') || undefined, variant: 'destructive' });
};

/**
 * The player's moves in the lobby: a seek in a pool, a custom seek, a cancel, an accept. A visitor
 * first becomes a guest (POST /api/guest) by the name they gave last time, or else names
 * themselves (`naming` holds the move that waits for the name); the page's socket then connects
 * again as that guest before the seek, so that the game's start reaches it.
 */
export function useSeeking(live: ReturnType<typeof useLobbySocket>) {
  const { user } = useSession();
  /** The move waiting for a visitor's name. */
  const [naming, setNaming] = useState<(() => void) | null>(null);
  /** The pools whose seek the server has not answered yet. */
  const [asking, setAsking] = useState<ReadonlySet<PoolKey>>(new Set());
  const guest = useRef(false);

  const enter = async (name: string): Promise<boolean> => {
    try {
      const player = await lobbyApi.guest(name);
      becameGuest({ id: player.id, name: player.name || name });
      guest.current = true;
      await live.becomeGuest(player.id);
      return true;
    } catch (error) {
      failed('Could not play as a guest')(error);
      return false;
    }
  };
  const asPlayer = (move: () => void) => {
    if (user || guest.current) return move();
    const known = knownGuest();
    if (!known) return setNaming(() => move);
    void enter(known.name).then((ok) => (ok ? move() : setNaming(() => move)));
  };
  const named = async (name: string) => {
    const move = naming;
    if (!(await enter(name))) return;
    setNaming(null);
    move?.();
  };

  const answered = (answer: SeekResponse) => {
    if (answer.gameId) live.open(answer.gameId);
    else if (answer.seek) live.apply({ type: 'mine', seek: answer.seek });
  };
  const askingPool = (pool: PoolKey, on: boolean) =>
    setAsking((all) => {
      const next = new Set(all);
      if (on) next.add(pool);
      else next.delete(pool);
      return next;
    });

  return {
    naming: naming !== null,
    cancelNaming: () => setNaming(null),
    named,
    asking,
    /** Through the guest's name first for a visitor. */
    asPlayer,
    seekPool: (pool: PoolKey) =>
      asPlayer(() => {
        askingPool(pool, true);
        lobbyApi
          .seek({ kind: 'pool', pool })
          .then(answered, failed('Could not look for a game'))
          .finally(() => askingPool(pool, false));
      }),
    /** A custom seek, from the Create a game dialog (already a player's). */
    create: (custom: Omit<Extract<SeekRequest, { kind: 'custom' }>, 'kind'>): Promise<boolean> =>
      lobbyApi.seek({ kind: 'custom', ...custom }).then(
        (answer) => {
          answered(answer);
          return true;
        },
        (error) => {
          failed('Could not create the game')(error);
          return false;
        },
      ),
    cancel: (seek: Seek) =>
      lobbyApi.cancel(seek.id).then((fate) => {
        // Paired an instant before the cancel: the game goes on.
        if (fate.state === 'paired' && fate.gameId) live.open(fate.gameId);
        else live.apply({ type: 'cancelled', seekId: seek.id });
      }, failed('Could not cancel')),
    accept: (seek: Seek) =>
      asPlayer(() => void lobbyApi.accept(seek.id).then(answered, failed('Could not join the game'))),
  };
}

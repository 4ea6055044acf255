import type { ServerGameState } from '@sbc/api';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { gamesApi } from '../api/games.ts';
import { type OnlineLink, sendOver } from '../lib/link.ts';
import type { Act } from './useActionPipeline.ts';
import { playLastMove } from './useSounds.ts';

/** The actions of the game's controls: undo, redo, resign, and the draw offered or answered. */
export function useControlActions(
  id: string,
  state: ServerGameState | undefined,
  act: Act,
  online: OnlineLink | undefined,
) {
  const undo = useCallback(
    () =>
      act({
        actor: 'controls',
        local: (g) => g.undo(),
        refusal: 'Cannot Undo',
        send: () => gamesApi.intention(id, { action: 'undo' }),
        answered: (r) => toast({ title: 'Move Undone', description: r.message ?? undefined }),
        failure: { title: 'Cannot Undo', fallback: 'Failed to make move' },
      }),
    [act, id],
  );

  /** The server keeps the undone moves (the rules' record has none): a redo waits for its answer. */
  const redo = useCallback(async () => {
    if (state && !state.canRedo) {
      toast({ title: 'Cannot Redo', description: 'No moves to redo', variant: 'destructive' });
      return;
    }
    await act({
      actor: 'controls',
      send: () => gamesApi.intention(id, { action: 'redo' }),
      answered: (r) => {
        playLastMove(r.gameState);
        toast({ title: 'Move Redone', description: r.message ?? undefined });
      },
      failure: { title: 'Cannot Redo', fallback: 'Failed to make move' },
    });
  }, [state, act, id]);

  /** Against the computer the human resigns, whoever is to move; online, the player's colour. */
  const resign = useCallback(
    () =>
      act({
        actor: 'controls',
        local: (g, s) => g.resign(online?.seat ?? (s.mode === 'computer' ? s.humanPlayer : s.currentPlayer)),
        send: () => sendOver(online, { type: 'game:resign', gameId: id }, () => gamesApi.resign(id)),
        answered: () => {
          if (online) toast({ title: 'Resigned', description: 'You have resigned from the game' });
        },
        failure: { title: 'Error', fallback: 'Failed to resign' },
      }),
    [act, id, online],
  );

  /** Offline the draw is declared at once; online it is an offer the opponent answers. */
  const draw = useCallback(
    () =>
      act({
        actor: 'controls',
        local: online ? undefined : (g) => g.agreeDraw(),
        send: () =>
          sendOver(online, { type: 'game:draw_request', gameId: id }, () => gamesApi.requestDraw(id)),
        answered: () => {
          if (online) toast({ title: 'Draw Requested', description: 'Waiting for opponent to respond' });
        },
        failure: { title: 'Error', fallback: 'Failed to request draw' },
      }),
    [act, id, online],
  );

  const respondToDraw = useCallback(
    (accept: boolean) =>
      act({
        actor: 'controls',
        send: () =>
          sendOver(online, { type: 'game:draw_respond', gameId: id, accept }, () =>
            gamesApi.respondToDraw(id, accept),
          ),
        failure: { title: 'Error', fallback: 'Failed to respond to draw request' },
      }),
    [act, id, online],
  );

  return { undo, redo, resign, draw, respondToDraw };
}

import type { MoveIntention } from '@sbc/api';
import type { Game, MoveRequest } from '@sbc/game';
import type { TypeName } from '@sbc/rules';
import { useCallback, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { gamesApi } from '../api/games.ts';
import { type OnlineLink, sendOver } from '../lib/link.ts';
import { boardMoves } from '../lib/model.ts';
import type { Act, Actor } from './useActionPipeline.ts';
import { playLastMove, playSound } from './useSounds.ts';

/**
 * The moves on the board: a move by a player or the computer, the piece of a promotion it waits
 * for, and the defender's choice after an attack on its double box.
 */
export function useMoveActions(id: string, game: Game | null, act: Act, online: OnlineLink | undefined) {
  const [promotion, setPromotion] = useState<MoveRequest | null>(null);

  /** A move by a player or the computer; a pawn reaching the last rank first asks for its piece. */
  const move = useCallback(
    async (intention: MoveRequest, actor: Actor = 'human') => {
      if (!game) return;
      const needsPromotion =
        !intention.promotion &&
        boardMoves(game).some((m) => m.from === intention.from && m.to === intention.to && m.promotion);
      if (needsPromotion) {
        setPromotion(intention);
        return;
      }
      await act({
        actor,
        local: (g) => g.move(intention),
        refusal: 'Invalid Move',
        sound: playLastMove,
        send: (s, version) => {
          const move = {
            ...intention,
            promotion: intention.promotion as MoveIntention['promotion'],
          };
          return sendOver(online, { type: 'game:move', gameId: id, ...move, version }, () =>
            gamesApi.move(id, { ...move, moveNumber: s.moveCount + 1, player: s.currentPlayer }),
          );
        },
        answered: (r) => {
          if (!r.message) return;
          const title = r.gameState.pendingDefenderChoice
            ? 'Defender Choice Required'
            : intention.promotion
              ? 'Pawn Promotion'
              : actor === 'computer'
                ? 'Computer Move'
                : 'Move Result';
          toast({ title, description: r.message });
        },
      });
    },
    [game, act, online, id],
  );

  const promote = useCallback(
    (piece: TypeName) => {
      const pending = promotion;
      setPromotion(null);
      if (pending) void move({ ...pending, promotion: piece });
    },
    [promotion, move],
  );

  /** The defender's choice after an attack on its double box: the piece it sacrifices. */
  const choose = useCallback(
    (piece: TypeName, actor: Actor = 'human') => {
      const sacrifice = piece as Exclude<TypeName, 'king'>;
      return act({
        actor,
        local: (g) => g.choose(sacrifice),
        refusal: 'Invalid Move',
        sound: () => playSound('capture'),
        send: (_s, version) =>
          sendOver(online, { type: 'game:choose', gameId: id, sacrifice, version }, () =>
            gamesApi.intention(id, { action: 'choose', sacrifice }),
          ),
        answered: (r) => {
          if (r.message) toast({ title: 'Defender Choice', description: r.message });
        },
      });
    },
    [act, online, id],
  );

  return { move, promotion, promote, cancelPromotion: () => setPromotion(null), choose };
}

import type { GameResponse } from '@sbc/api';
import { isLive, MESSAGES } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';

/** The opponent's notice of a draw offer stays 10 s (docs/architecture.md §7). */
export const DRAW_NOTICE_MS = 10_000;

/** The ends no move of the player's makes: a resignation, and those by time or absence (game:timeout). */
const NOTICED_ENDS = new Set(['resigned', 'abandoned', 'outoftime', 'aborted']);
const unplayedDraw = (game: GameResponse) =>
  game.status === 'draw' &&
  (game.gameState.drawReason === 'timeout-vs-insufficient' || game.gameState.drawReason === 'opponent-left');

/** The colour of the player who offered the pending draw. */
export const drawRequester = (game: GameResponse): ColorName =>
  game.drawRequestedBy === game.whitePlayerId ? 'white' : 'black';

/**
 * The toasts of an online game's changes, whichever way they came (socket, HTTP answer, polling):
 * the opponent's draw offer (for 10 s), its answer on both sides, and 'You Won!' or 'Game Over' at a
 * resignation, an abandonment, a flag, an abort or a claim (the player who resigned has had 'Resigned').
 */
export function useOnlineNotices(
  game: GameResponse | undefined,
  color: ColorName | null,
  opponentName: string,
) {
  const before = useRef(game);
  useEffect(() => {
    const prev = before.current;
    before.current = game;
    if (!prev || !game || game.version <= prev.version) return;
    if (game.drawRequestStatus !== prev.drawRequestStatus) {
      if (game.drawRequestStatus === 'pending' && color && drawRequester(game) !== color) {
        toast({
          title: 'Draw Request',
          description: `${opponentName} offers a draw`,
          duration: DRAW_NOTICE_MS,
        });
      } else if (game.drawRequestStatus === 'accepted') {
        toast({ title: 'Draw Accepted', description: MESSAGES.drawAgreed });
      } else if (game.drawRequestStatus === 'rejected') {
        toast({ title: 'Draw Rejected', description: 'The game goes on.' });
      }
    }
    const ended = isLive(prev.status) && (NOTICED_ENDS.has(game.status) || unplayedDraw(game));
    const resignedHere = game.status === 'resigned' && color !== null && game.winner !== color;
    if (ended && !resignedHere) {
      toast({
        title: color !== null && game.winner === color ? 'You Won!' : 'Game Over',
        description: game.gameState.statusMessage ?? undefined,
      });
    }
  }, [game, color, opponentName]);
}

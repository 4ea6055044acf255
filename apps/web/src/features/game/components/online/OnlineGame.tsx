import type { GameResponse } from '@sbc/api';
import { capitalize, isLive } from '@sbc/game';
import { type ColorName, opponent } from '@sbc/rules';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../../components/ui/card.tsx';
import { toast } from '../../../../components/ui/toast-store.ts';
import { errorMessage, LiveError } from '../../../../lib/http.ts';
import { usePageTitle } from '../../../../lib/page-title.ts';
import { onlinePlayers, playerNames } from '../../../../lib/players.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';
import { usePlayerId } from '../../../live/index.ts';
import { GAME_POLL_MS } from '../../api/games.ts';
import { useGameController } from '../../hooks/useGameController.ts';
import { useInactivity } from '../../hooks/useInactivity.ts';
import { useLiveGame } from '../../hooks/useLiveGame.ts';
import { drawRequester, useOnlineNotices } from '../../hooks/useOnlineNotices.ts';
import type { OnlineLink } from '../../lib/link.ts';
import { type DrawOffer, GameControls } from '../Controls.tsx';
import { GameOverDialog } from '../GameDialogs.tsx';
import { GameLayout, GameMissing } from '../GameLayout.tsx';
import {
  DrawRequestDialog,
  gameModeLabel,
  OnlinePanel,
  OpponentLeft,
  RatingChanges,
  RematchOffer,
} from './OnlinePanel.tsx';

/** The player's colour by the game's player ids; null for everyone else, a spectator. */
const colorOf = (game: GameResponse | undefined, me: string | null): ColorName | null =>
  !game || !me ? null : game.whitePlayerId === me ? 'white' : game.blackPlayerId === me ? 'black' : null;

/** The side whose clock sounds when low: the player's (one array each, for the panel's memo). */
const SIDES = { white: ['white'], black: ['black'] } as const;

/** The draw offer as this player sees it: sent by them, received, or none. */
const drawOfferOf = (game: GameResponse | undefined, color: ColorName | null): DrawOffer =>
  game?.drawRequestStatus === 'pending' && color
    ? drawRequester(game) === color
      ? 'sent'
      : 'received'
    : null;

const offline = () => Promise.reject(new LiveError('Not connected', 'disconnected'));

/**
 * An online game (docs/api.md §7): the players move their own colour, anyone else watches
 * read-only. It follows the socket; moves go over it while it is open, else over HTTP (a
 * signed-in player's only); the game is read every 2 s while the socket is down.
 */
export function OnlineGame({ gameId, signedIn }: { gameId: string; signedIn: boolean }) {
  const me = usePlayerId();
  // Anyone follows over the socket, a visitor too (who may only watch).
  const live = useLiveGame(gameId, me);
  const connected = live.status === 'open';
  const server = useQuery<GameResponse>({ queryKey: queryKeys.game(gameId), enabled: false }).data;
  const color = colorOf(server, me);
  const http = signedIn && color !== null;
  // While the socket is down anyone reads the game, every 2 s while it goes on.
  const going = !!server && isLive(server.status);
  useQuery({ queryKey: queryKeys.game(gameId), enabled: going && !connected, refetchInterval: GAME_POLL_MS });
  const { send } = live;
  const link = useMemo<OnlineLink>(
    () => ({
      seat: connected || http ? color : null,
      http,
      // A guest has the socket alone: with it down, an intention fails rather than go over HTTP.
      send: (message) => send(message) ?? (http ? undefined : offline()),
    }),
    [connected, http, color, send],
  );
  const ctrl = useGameController(gameId, link);
  const { remaining } = useInactivity(gameId, ctrl.state, ctrl.refetch, signedIn);
  const [drawDialog, setDrawDialog] = useState(false);
  const { state } = ctrl;
  const view = useDeferredValue(state);
  const names = useMemo(() => {
    if (!view) return null;
    const all = playerNames(server, view);
    return color ? { ...all, [color]: `${all[color]} (you)` } : all;
  }, [server, view, color]);
  // The ratings and a rated game's changes come with the game, the ending event's included.
  const players = useMemo(() => server && onlinePlayers(server, color), [server, color]);
  const opponentName = color && server ? playerNames(server, server.gameState)[opponent(color)] : '';
  useOnlineNotices(server, color, opponentName);
  // The tab says when the player is to move (or to answer an attack on a box), as lichess does.
  usePageTitle(ctrl.live && color !== null && state?.currentPlayer === color ? 'Your turn · Game' : 'Game');

  const drawOffer = drawOfferOf(server, color);
  // The controls stay the same element in the board's render of a move (the panels' follows): the
  // controller's actions, new with every state, are called through this.
  const actions = useRef(ctrl);
  actions.current = ctrl;
  const disabled = ctrl.busy || !link.seat;
  const controls = useMemo(
    () =>
      color &&
      view && (
        <GameControls
          state={view}
          disabled={disabled}
          onDraw={() => void actions.current.draw()}
          onResign={() => void actions.current.resign()}
          drawOffer={drawOffer}
          onRespondToDraw={() => setDrawDialog(true)}
        />
      ),
    [color, view, disabled, drawOffer],
  );

  if (live.refusal && !state) return <GameMissing notFound={false} reason={live.refusal} />;
  if (!state || !view || !names || !server || !players) return <Spinner />;

  const pending = state.pendingDefenderChoice;
  const rematch = color && (
    <RematchOffer
      rematch={live.rematch}
      connected={connected}
      onOffer={live.offerRematch}
      onAnswer={live.answerRematch}
    />
  );
  // In a live game on a clock (not correspondence), an opponent without a socket may be claimed
  // against (docs/api.md, game:claim).
  const opponentId = color && (color === 'white' ? server.blackPlayerId : server.whitePlayerId);
  const absent = live.players.find((p) => p.id === opponentId && !p.connected)?.absentSince ?? null;
  const left = ctrl.live && connected && server.timeControl.kind === 'clock' && absent !== null && (
    <OpponentLeft
      since={absent}
      disabled={ctrl.busy}
      onClaim={(result) =>
        void live.send({ type: 'game:claim', gameId, result })?.catch((e) =>
          toast({
            title: 'Error',
            description: errorMessage(e, 'Failed to claim'),
            variant: 'destructive',
          }),
        )
      }
    />
  );
  const answerDraw = (accept: boolean) => {
    setDrawDialog(false);
    void ctrl.respondToDraw(accept);
  };
  return (
    <>
      <GameLayout
        ctrl={ctrl}
        state={state}
        view={view}
        names={names}
        players={players}
        remaining={remaining}
        side={color ?? 'white'}
        moves={ctrl.moves}
        premove={link.seat ?? undefined}
        sounds={color ? SIDES[color] : undefined}
        notice={
          pending && pending.defender !== color
            ? `${capitalize(pending.defender)} is choosing which piece to sacrifice...`
            : null
        }
        defends={!!pending && pending.defender === link.seat}
        aside={
          <>
            {left}
            <OnlinePanel
              color={color}
              mode={gameModeLabel(server.rated, server.timeControl)}
              connected={connected}
              spectators={live.spectators}
              players={live.players}
              rematch={!ctrl.live && rematch}
            />
          </>
        }
        controls={controls}
        gameOver={
          <GameOverDialog
            open={ctrl.gameOverOpen}
            state={view}
            onClose={() => ctrl.setGameOverOpen(false)}
            actions={rematch || null}
            summary={<RatingChanges players={players} />}
          />
        }
      />
      <DrawRequestDialog
        open={drawDialog && drawOffer === 'received'}
        opponentName={opponentName}
        onAnswer={answerDraw}
        onClose={() => setDrawDialog(false)}
      />
    </>
  );
}

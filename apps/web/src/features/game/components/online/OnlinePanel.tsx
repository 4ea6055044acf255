import type { RoomPlayer } from '@sbc/api';
import { OPPONENT_LEFT_MS, type TimeControl } from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { PlayerName } from '../../../../components/PlayerName.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { timeControlLabel } from '../../../../lib/clock.ts';
import { cn } from '../../../../lib/cn.ts';
import type { ShownPlayer } from '../../../../lib/players.ts';
import { ConnectionBadge } from '../../../live/index.ts';
import { useFrameText } from '../../hooks/useFrameText.ts';
import type { Rematch } from '../../hooks/useLiveGame.ts';

/** Whole seconds until the player may claim against an opponent absent since `since` (the server's time). */
const claimIn = (since: number) => Math.max(0, Math.ceil((since + OPPONENT_LEFT_MS - Date.now()) / 1000));

/**
 * Lichess's notice of an opponent who left a timed game: the seconds until the player may claim,
 * counted from when the server saw them go, then Claim victory and Call it a draw.
 */
export function OpponentLeft({
  since,
  disabled,
  onClaim,
}: {
  since: number;
  disabled: boolean;
  onClaim: (result: 'win' | 'draw') => void;
}) {
  const seconds = claimIn(since);
  useFrameText(seconds > 0, () => String(claimIn(since)));
  return (
    <section
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      {seconds > 0 ? (
        <p>Your opponent left the game. You can claim victory in {seconds} seconds.</p>
      ) : (
        <>
          <p>Your opponent left the game. You can claim victory or call it a draw, or wait.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" disabled={disabled} onClick={() => onClaim('win')}>
              Claim victory
            </Button>
            <Button size="sm" variant="outline" disabled={disabled} onClick={() => onClaim('draw')}>
              Call it a draw
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** After an online game: offer a rematch (colours swapped), or answer the opponent's. */
export function RematchOffer({
  rematch,
  connected,
  onOffer,
  onAnswer,
}: {
  rematch: Rematch;
  connected: boolean;
  onOffer: () => void;
  onAnswer: (accept: boolean) => void;
}) {
  if (rematch === 'starting') return <p role="status">Loading...</p>;
  if (rematch === 'offered') return <p role="status">Rematch offered. Waiting for your opponent...</p>;
  if (rematch === 'received') {
    return (
      <div className="space-y-2">
        <p>Your opponent offers a rematch, with the colours swapped.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => onAnswer(false)}>
            Decline
          </Button>
          <Button onClick={() => onAnswer(true)}>Accept Rematch</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {rematch === 'declined' && <p>The rematch was declined.</p>}
      <Button disabled={!connected} onClick={onOffer}>
        Offer Rematch
      </Button>
    </div>
  );
}

/** The room's players, each connected (a socket in the room, on any instance) or not. */
function Presence({ players }: { players: RoomPlayer[] }) {
  return (
    <ul aria-label="Players connected" className="mt-2 space-y-1 text-sm">
      {players.map((p) => (
        <li key={p.id} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('h-2 w-2 rounded-full', p.connected ? 'bg-emerald-500' : 'bg-slate-300')}
          />
          <span className="min-w-0 flex-1 truncate text-slate-900">{p.name}</span>
          <span className="text-slate-500">{p.connected ? 'connected' : 'disconnected'}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'Rated · 3+2 • Blitz', 'Casual · Untimed': whether the game changes the ratings, and its clock. */
export const gameModeLabel = (rated: boolean, tc: TimeControl): string =>
  `${rated ? 'Rated' : 'Casual'} · ${timeControlLabel(tc)}`;

/** A rated game's changes once it ended, for the Game Over dialog: each player's rating and '+12'. */
export function RatingChanges({ players }: { players: Record<ColorName, ShownPlayer> }) {
  const rated = (['white', 'black'] as const).filter((c) => players[c].rating?.diff != null);
  if (rated.length === 0) return null;
  return (
    <ul aria-label="Rating changes" className="mb-4 space-y-1 text-sm">
      {rated.map((c) => (
        <li key={c} className="flex min-w-0">
          <PlayerName
            name={players[c].name}
            isGuest={players[c].isGuest}
            rating={players[c].rating}
            diff={players[c].rating?.diff}
            className="max-w-full"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Who this screen is in the game, the connection, whether the game is rated and its clock, the
 * spectators, who of the players is connected, and after the end the rematch.
 */
export function OnlinePanel({
  color,
  mode,
  connected,
  spectators,
  players,
  rematch,
}: {
  color: ColorName | null;
  /** gameModeLabel: 'Rated · 3+2 • Blitz'. */
  mode: string;
  /** Whether the socket is open. */
  connected: boolean;
  spectators: number;
  players: RoomPlayer[];
  /** The rematch part, once the game has ended (players only). */
  rematch?: React.ReactNode;
}) {
  return (
    <Card title="Online Game">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-slate-700">
          {color ? `You play ${color === 'white' ? 'White' : 'Black'}` : 'You are watching as a spectator'}
        </span>
        <ConnectionBadge connected={connected} />
      </div>
      <p className="mt-2 text-sm font-medium text-slate-900" data-testid="game-mode">
        {mode}
      </p>
      {/* Only the socket counts the spectators. */}
      {connected !== null && (
        <p className="mt-2 text-sm text-slate-600">
          Spectators: <span className="font-semibold text-slate-900">{spectators}</span>
        </p>
      )}
      {/* Without its socket the screen hears no news: who was connected is stale then. */}
      {connected && players.length > 0 && <Presence players={players} />}
      {rematch && <div className="mt-3 border-t border-slate-100 pt-3 text-sm">{rematch}</div>}
    </Card>
  );
}

/** Draw Request: the opponent's offer, accepted (the game ends drawn) or rejected (it goes on). */
export function DrawRequestDialog({
  open,
  opponentName,
  onAnswer,
  onClose,
}: {
  open: boolean;
  opponentName: string;
  onAnswer: (accept: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Draw Request"
      description={`${opponentName} offers a draw. Accepting ends the game as a draw.`}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onAnswer(false)}>
          Reject
        </Button>
        <Button onClick={() => onAnswer(true)}>Accept</Button>
      </div>
    </Dialog>
  );
}

import type { ServerGameState } from '@sbc/api';
import {
  capitalize,
  INACTIVITY_FINAL_WARNING_SECONDS,
  INACTIVITY_MINUTES,
  INACTIVITY_WARNING_SECONDS,
  isLive,
  type PieceState,
  type TimeControl,
} from '@sbc/game';
import type { ColorName } from '@sbc/rules';
import { memo } from 'react';
import { statusLabel } from '../../../components/Badge.tsx';
import { PlayerName } from '../../../components/PlayerName.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { type ShownClock, timeControlLabel } from '../../../lib/clock.ts';
import { cn } from '../../../lib/cn.ts';
import type { ShownPlayer } from '../../../lib/players.ts';
import { formatClock } from '../hooks/useInactivity.ts';
import { moveNumber } from '../lib/model.ts';
import { Clock, FirstMoveNotice } from './Clock.tsx';
import { PieceIcon } from './Piece.tsx';

// The panels are pure: they render again only when their props change (GameScreen passes them the
// state a moment after the board gets it).

/** The timer turns yellow under the first warning's seconds and red under the last's. */
const timerLevel = (remaining: number) =>
  remaining < INACTIVITY_FINAL_WARNING_SECONDS
    ? 'red'
    : remaining < INACTIVITY_WARNING_SECONDS
      ? 'yellow'
      : 'normal';
const TIMER_STYLE = {
  red: 'bg-red-100 text-red-700',
  yellow: 'bg-yellow-100 text-yellow-800',
  normal: 'bg-slate-100 text-slate-700',
};

/** A timed game's clocks on screen, and the sides whose low time sounds here (this screen's players). */
export interface Timing {
  gameId: string;
  tc: TimeControl;
  clock: ShownClock;
  sounds: readonly ColorName[];
}

/**
 * The players, with each side's clock in a timed game (`timing`), else the inactivity countdown of
 * the side to move; below the wide layout (lg) one compact row above the board, without the title
 * and the note. An online game's players (`players`) link to their profiles, with their ratings
 * and, once a rated game has ended, its changes.
 */
export const PlayersPanel = memo(function PlayersPanel({
  names,
  players = null,
  state,
  remaining,
  timing = null,
}: {
  names: Record<ColorName, string>;
  players?: Record<ColorName, ShownPlayer> | null;
  state: ServerGameState;
  remaining: number | null;
  timing?: Timing | null;
}) {
  const live = isLive(state.gameStatus);
  return (
    <Card title="Players" className="max-lg:p-2 max-lg:[&>h2]:sr-only">
      <ul className="space-y-2 max-lg:grid max-lg:grid-cols-2 max-lg:gap-2 max-lg:space-y-0">
        {(['white', 'black'] as const).map((c) => {
          const current = live && state.currentPlayer === c;
          return (
            <li
              key={c}
              className={cn(
                'flex items-center justify-between gap-2 rounded-lg border px-3 py-2 max-lg:min-w-0 max-lg:px-2 max-lg:py-1.5',
                current ? 'border-amber-400 bg-amber-50' : 'border-slate-200',
              )}
            >
              <span className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-4 w-4 shrink-0 rounded-full border border-slate-500',
                    c === 'white' ? 'bg-white' : 'bg-slate-900',
                  )}
                />
                <span className="min-w-0">
                  {players ? (
                    <SeatedName player={players[c]} />
                  ) : (
                    <span className="block font-medium break-words text-slate-900 max-lg:truncate max-lg:text-sm">
                      {names[c]}
                    </span>
                  )}
                  <span className="sr-only">({c})</span>
                  {current && (
                    <span className="block text-xs font-medium text-amber-700 max-lg:sr-only">
                      (current turn)
                    </span>
                  )}
                  {/* A finished game read by its link says who won beside the name, as the banner does. */}
                  {!live && state.winner === c && (
                    <span className="block text-xs font-medium text-emerald-700">Winner</span>
                  )}
                </span>
              </span>
              {timing && (
                <Clock
                  gameId={timing.gameId}
                  clock={timing.clock}
                  side={c}
                  tc={timing.tc}
                  sound={live && timing.sounds.includes(c)}
                />
              )}
              {!timing && current && remaining !== null && (
                <span
                  role="timer"
                  aria-label={`Time left to move: ${formatClock(remaining)}`}
                  className={cn(
                    'shrink-0 rounded px-2 py-0.5 font-mono text-sm font-semibold tabular-nums',
                    TIMER_STYLE[timerLevel(remaining)],
                  )}
                  data-level={timerLevel(remaining)}
                >
                  {formatClock(remaining)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {timing?.tc.kind === 'clock' && live && <FirstMoveNotice clock={timing.clock} />}
      {timing ? (
        <p className="mt-2 text-xs text-slate-500 max-lg:hidden">{timeControlLabel(timing.tc)}</p>
      ) : (
        live && (
          <p className="mt-2 text-xs text-slate-500 max-lg:hidden">
            Game will be abandoned if no move is made within {INACTIVITY_MINUTES} minutes
          </p>
        )
      )}
    </Card>
  );
});

/**
 * An online player's name with the rating and the change, and '(you)' on their own screen; in the
 * narrow row of a phone the rating and the change go under a name they would squeeze out.
 */
function SeatedName({ player }: { player: ShownPlayer }) {
  return (
    <span className="flex min-w-0 items-baseline gap-1 font-medium text-slate-900 max-lg:text-sm">
      <PlayerName
        name={player.name}
        isGuest={player.isGuest}
        rating={player.rating}
        diff={player.rating?.diff}
        className="min-w-0 max-lg:flex-wrap"
      />
      {/* On a phone the row is narrow: 'You play White' says it below the board. */}
      {player.you && <span className="shrink-0 font-normal text-slate-500 max-lg:sr-only">(you)</span>}
    </span>
  );
}

export const SharedBoxesPanel = memo(function SharedBoxesPanel({ state }: { state: ServerGameState }) {
  const { sameColor, mixed, total, limit } = state.boxCounts;
  const boxes = [...state.sharedBoxes.white, ...state.sharedBoxes.black];
  return (
    <Card title="Shared Boxes">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Same-Color Boxes</dt>
        <dd className="text-right font-semibold">{sameColor}</dd>
        <dt className="text-slate-600">Mixed-Color Boxes</dt>
        <dd className="text-right font-semibold">{mixed}</dd>
        <dt className="text-slate-600">Total Used</dt>
        <dd className="flex items-center justify-end gap-2 font-semibold">
          <span className="flex gap-1" aria-hidden="true">
            {Array.from({ length: limit }, (_, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots.
                key={i}
                data-filled={i < total}
                className={cn(
                  'h-3 w-5 rounded-sm border',
                  i < total ? 'border-amber-600 bg-amber-500' : 'border-slate-300 bg-slate-100',
                )}
              />
            ))}
          </span>
          {total}/{limit}
        </dd>
        <dt className="text-slate-600">Available</dt>
        <dd className="text-right font-semibold">{Math.max(0, limit - total)} remaining</dd>
      </dl>
      {boxes.length > 0 && (
        <ul className="mt-3 space-y-1 border-t border-slate-100 pt-2 text-xs text-slate-600">
          {boxes.map((b) => (
            <li key={b.coordinate}>
              <span className="font-mono font-semibold text-slate-800">{b.coordinate}</span>:{' '}
              {[b.strongPiece, b.pawn ?? b.sharedPiece]
                .filter((p): p is PieceState => p !== null)
                .map((p) => `${p.color} ${p.type}`)
                .join(' + ')}{' '}
              ({b.kind === 'mixed' ? 'mixed' : 'same-colour'})
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
});

export const GameStatusPanel = memo(function GameStatusPanel({ state }: { state: ServerGameState }) {
  return (
    <Card title="Game Status">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Turn</dt>
        <dd className="text-right font-semibold">{capitalize(state.currentPlayer)}</dd>
        <dt className="text-slate-600">Move</dt>
        <dd className="text-right font-semibold">{moveNumber(state.moveCount)}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="text-right font-semibold" data-testid="game-status">
          {statusLabel(state.gameStatus)}
        </dd>
      </dl>
      {state.gameStatus === 'check' && state.statusMessage && (
        <p role="status" className="mt-2 rounded bg-red-50 px-2 py-1 text-sm font-medium text-red-700">
          {state.statusMessage}
        </p>
      )}
    </Card>
  );
});

export const CapturedPieces = memo(function CapturedPieces({
  captured,
}: {
  captured: Record<ColorName, PieceState[]>;
}) {
  return (
    <Card title="Captured Pieces">
      {(['white', 'black'] as const).map((c) => (
        <div key={c} className="mb-2 last:mb-0">
          <h3 className="text-sm font-medium text-slate-700">{capitalize(c)} Captured</h3>
          {captured[c].length === 0 ? (
            <p className="text-sm text-slate-500">None captured</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-0.5" aria-label={`${capitalize(c)} Captured`}>
              {captured[c].map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a list that only grows at its end.
                <li key={i} title={`${p.color} ${p.type}`}>
                  <PieceIcon color={p.color} type={p.type} className="h-7 w-7" />
                  <span className="sr-only">
                    {p.color} {p.type}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </Card>
  );
});

export const RulesSummary = memo(function RulesSummary({ onOpenRules }: { onOpenRules: () => void }) {
  return (
    <Card title="Shared Box Rules">
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>Maximum 3 shared boxes on the board, for both players together.</li>
        <li>Strong pieces (knight, bishop, rook, queen) share squares with same-color pawns.</li>
        <li>Pawns must move once before a strong piece can join them.</li>
        <li>Mixed-color pieces can share a square after an attack on a box.</li>
      </ul>
      <button
        type="button"
        onClick={onOpenRules}
        className="mt-3 text-sm font-medium text-amber-700 hover:underline"
      >
        Click for full rules
      </button>
    </Card>
  );
});

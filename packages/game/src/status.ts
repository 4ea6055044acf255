import {
  COLOR_NAMES,
  type ColorName,
  DRAW_REASONS,
  type Position,
  positionStatus,
  STATUSES,
} from '@sbc/rules';
import { checkMessage, checkmateMessage, DRAW_MESSAGES, MESSAGES } from './messages.ts';

/** Every status of a game: the position's, and the ends that no position shows. */
export const GAME_STATUSES = [...STATUSES, 'resigned', 'abandoned', 'outoftime', 'aborted'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
/** A position's draws, and those of an end no position shows (docs/rules.md §10). */
export const GAME_DRAW_REASONS = [
  ...DRAW_REASONS,
  'agreement',
  'timeout-vs-insufficient',
  'opponent-left',
] as const;
export type GameDrawReason = (typeof GAME_DRAW_REASONS)[number];

/** The statuses in which the game goes on; it is over in every other. */
export const LIVE_STATUSES = ['active', 'check'] as const satisfies readonly GameStatus[];
const LIVE: ReadonlySet<GameStatus> = new Set(LIVE_STATUSES);
export const isLive = (status: GameStatus): boolean => LIVE.has(status);

/**
 * An end that no position shows: resignation, agreement, abandonment (inactivity, or an opponent
 * who left), a flag, an abort before both sides moved.
 */
export interface Ending {
  status: 'resigned' | 'draw' | 'abandoned' | 'outoftime' | 'aborted';
  winner: ColorName | null;
  message: string;
  /** Why a draw that is not by agreement (absent in records older than the clocks). */
  drawReason?: GameDrawReason;
}

export interface StatusReport {
  status: GameStatus;
  winner: ColorName | null;
  drawReason: GameDrawReason | null;
  /** The banner text, or null while the game simply goes on. */
  message: string | null;
}

/** The recorded end if there is one, else the position's status (none while a choice is pending). */
export function gameStatus(pos: Position, ending: Ending | null): StatusReport {
  if (ending) {
    const drawReason = ending.status === 'draw' ? (ending.drawReason ?? 'agreement') : null;
    return { status: ending.status, winner: ending.winner, drawReason, message: ending.message };
  }
  if (pos.pendingSquare >= 0) return { status: 'active', winner: null, drawReason: null, message: null };
  const { status, winner, drawReason } = positionStatus(pos);
  const report = { status, winner: winner === null ? null : COLOR_NAMES[winner], drawReason };
  switch (status) {
    case 'checkmate':
      return { ...report, message: checkmateMessage(report.winner!) };
    case 'stalemate':
      return { ...report, message: MESSAGES.stalemate };
    case 'draw':
      return { ...report, message: DRAW_MESSAGES[drawReason!] };
    case 'check':
      return { ...report, message: checkMessage(COLOR_NAMES[pos.turn]) };
    default:
      return { ...report, message: null };
  }
}

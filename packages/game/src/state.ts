import {
  BLACK,
  BOX_LIMIT,
  COLOR_NAMES,
  type ColorName,
  colorOf,
  legalMoves,
  movePiece,
  opponent,
  PAWN,
  type Piece,
  type Position,
  parseSbfen,
  parseSquare,
  squareName,
  typeName,
  typeOf,
  WHITE,
  writeSbfen,
} from '@sbc/rules';
import type { GameSetup } from './record.ts';
import type { StatusReport } from './status.ts';
import type {
  BoxEntry,
  GameState,
  MoveHistoryEntry,
  PendingDefenderChoice,
  PieceState,
  SquareState,
} from './types.ts';

/** What a game's state is derived from. */
export interface StateSource {
  pos: Position;
  setup: Required<GameSetup>;
  history: readonly MoveHistoryEntry[];
  status: StatusReport;
  pendingPromotion: { from: string; to: string } | null;
  undoDepth: number;
  redoDepth: number;
  canUndo: boolean;
  canRedo: boolean;
}

/** A piece as the state shows it; a piece off its starting square has certainly moved. */
function pieceState(p: Piece, sq: number): PieceState | null {
  if (!p) return null;
  const color = colorOf(p);
  const type = typeOf(p);
  const homeRank = color === WHITE ? (type === PAWN ? 1 : 0) : type === PAWN ? 6 : 7;
  return { type: typeName(type), color: COLOR_NAMES[color], hasMoved: sq >> 4 !== homeRank };
}

/**
 * Who made each mixed box, by square: the attacker whose move formed it. A mixed box of the start
 * position is credited to the side that moved last before it.
 */
function mixedOwners(src: StateSource): Map<number, ColorName> {
  const owners = new Map<number, ColorName>();
  const start = parseSbfen(src.setup.sbfen, src.setup.standard);
  if (start.ok) {
    const p = start.value;
    for (let sq = 0; sq < 120; sq++) {
      if (!(sq & 0x88) && p.second[sq] && colorOf(p.first[sq]) !== colorOf(p.second[sq])) {
        owners.set(sq, COLOR_NAMES[p.turn ^ 1]);
      }
    }
  }
  for (const r of src.history) {
    if (r.isSharedBoxAttacked && (r.sacrificed !== null || r.capturedPiece === 'pawn')) {
      owners.set(parseSquare(r.to), r.player);
    }
  }
  return owners;
}

/** The board, rank 8 first, and every box by the colour it belongs to. */
function boardOf(src: StateSource) {
  const { pos } = src;
  const owners = mixedOwners(src);
  const board: SquareState[][] = [];
  const sharedBoxes: Record<ColorName, BoxEntry[]> = { white: [], black: [] };
  for (let rank = 7; rank >= 0; rank--) {
    const row: SquareState[] = [];
    for (let file = 0; file < 8; file++) {
      const sq = rank * 16 + file;
      const x = pos.first[sq];
      const y = pos.second[sq];
      const coordinate = squareName(sq);
      row.push({
        coordinate,
        piece: pieceState(x, sq),
        sharedPiece: pieceState(y, sq),
        isSharedBox: y !== 0,
      });
      if (y === 0) continue;
      const mixed = colorOf(x) !== colorOf(y);
      const pawnBox = typeOf(x) === PAWN;
      const player = mixed ? (owners.get(sq) ?? 'white') : COLOR_NAMES[colorOf(x)];
      sharedBoxes[player].push({
        coordinate,
        kind: mixed ? 'mixed' : pawnBox ? 'pawn' : 'double',
        pawn: pawnBox ? pieceState(x, sq) : null,
        strongPiece: pieceState(pawnBox ? y : x, sq)!,
        sharedPiece: pawnBox ? null : pieceState(y, sq),
        player,
      });
    }
    board.push(row);
  }
  return { board, sharedBoxes };
}

/** The defender's choice after an attack on its double box, or null. */
function pendingChoice(pos: Position, last: MoveHistoryEntry | undefined): PendingDefenderChoice | null {
  const sq = pos.pendingSquare;
  if (sq < 0 || !last) return null;
  return {
    coordinate: squareName(sq),
    attackerMove: { from: last.from, to: last.to, piece: last.piece },
    defendingSharedBox: {
      pieces: [pieceState(pos.first[sq], sq)!, pieceState(pos.second[sq], sq)!],
      options: legalMoves(pos).map((m) => typeName(typeOf(movePiece(m)))),
    },
    defender: COLOR_NAMES[pos.turn],
  };
}

/** The game state (docs/api.md, "The game object"), derived from the position and the history. */
export function deriveState(src: StateSource): GameState {
  const { pos, setup, history, status } = src;
  const { board, sharedBoxes } = boardOf(src);
  const captured: Record<ColorName, PieceState[]> = { white: [], black: [] };
  for (const r of history) {
    if (r.capturedPiece) {
      captured[r.player].push({ type: r.capturedPiece, color: opponent(r.player), hasMoved: true });
    }
  }
  const boxes = [...sharedBoxes.white, ...sharedBoxes.black];
  const mixed = boxes.filter((b) => b.kind === 'mixed').length;
  const last = history[history.length - 1];
  return {
    sbfen: pos.pendingSquare >= 0 ? null : writeSbfen(pos),
    startSbfen: setup.sbfen,
    standard: setup.standard,
    board,
    currentPlayer: COLOR_NAMES[pos.turn],
    gameStatus: status.status,
    winner: status.winner,
    drawReason: status.drawReason,
    statusMessage: status.message,
    kingPositions: { white: squareName(pos.kings[WHITE]), black: squareName(pos.kings[BLACK]) },
    castlingRights: {
      white: { kingside: (pos.castling & 1) !== 0, queenside: (pos.castling & 2) !== 0 },
      black: { kingside: (pos.castling & 4) !== 0, queenside: (pos.castling & 8) !== 0 },
    },
    enPassantTarget: pos.epSquare >= 0 ? squareName(pos.epSquare) : null,
    lastMove: last
      ? {
          from: last.from,
          to: last.to,
          piece: last.piece,
          capturedPiece: last.capturedPiece,
          isEnPassant: last.isEnPassant,
          isCastling: last.isCastling,
          isPromotion: last.promotedTo !== null,
          promotedTo: last.promotedTo,
        }
      : null,
    capturedPieces: captured,
    sharedBoxes,
    boxCounts: { sameColor: boxes.length - mixed, mixed, total: pos.boxes, limit: BOX_LIMIT },
    pendingPromotion: src.pendingPromotion,
    pendingDefenderChoice: pendingChoice(pos, last),
    isComputerGame: setup.mode === 'computer',
    mode: setup.mode,
    humanPlayer: setup.humanColor,
    aiDifficulty: setup.aiDifficulty,
    moveCount: history.length,
    moveHistory: history.map((r) => ({ ...r, texts: [...r.texts] })),
    canUndo: src.canUndo,
    canRedo: src.canRedo,
    undoDepth: src.undoDepth,
    redoDepth: src.redoDepth,
  };
}

import { explainIllegal } from './explain.ts';
import {
  abandonedMessage,
  capturedMessage,
  capturedPromotedMessage,
  defenderChoiceMessage,
  MESSAGES,
  promotedMessage,
  resignedMessage,
  sacrificedMessage,
} from './messages.ts';
import {
  ATTACK_DOUBLE_BOX,
  ATTACK_PAWN_BOX,
  CASTLE,
  COPY,
  createsBox,
  EN_PASSANT,
  isBoxAttack,
  JOIN,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveTo,
  SACRIFICE,
} from './move.ts';
import { legalMoves } from './movegen.ts';
import {
  BLACK,
  COLOR_NAMES,
  type Color,
  type ColorName,
  colorOf,
  KING,
  PAWN,
  type Piece,
  type PieceType,
  TYPE_NAMES,
  type TypeName,
  typeOf,
  WHITE,
} from './piece.ts';
import type { Position } from './position.ts';
import { err, ok, type Result } from './result.ts';
import { checkSuffix, sanBody } from './san.ts';
import { parseSbfen, START_SBFEN, writeSbfen } from './sbfen.ts';
import { parseSquare, squareName } from './square.ts';
import type {
  BoxEntry,
  GameState,
  MoveHistoryEntry,
  PendingDefenderChoice,
  PieceState,
  SquareState,
} from './state.ts';
import { type DrawReason, positionStatus } from './status.ts';
import { moveText, parseMoveText } from './text.ts';

export type Mode = 'local' | 'computer' | 'online';
export type Level = 'easy' | 'medium' | 'hard';
export type GameStatus = 'active' | 'check' | 'checkmate' | 'stalemate' | 'draw' | 'resigned' | 'abandoned';

/** Undo and redo keep at most this many moves (spec/game.md 9). */
export const HISTORY_CAP = 10;

export interface GameSetup {
  /** Start position; the usual one when absent. */
  sbfen?: string;
  standard?: boolean;
  mode?: Mode;
  /** The human's colour in a computer game. */
  humanColor?: ColorName;
  aiDifficulty?: Level;
}

/** A move as a player intends it: squares, which piece of a box, and the promotion piece. */
export interface MoveRequest {
  from: string;
  to: string;
  piece?: TypeName;
  promotion?: TypeName;
}

/** One move of the history: the spec's move record plus what the engine knows of it. */
export type MoveRecord = MoveHistoryEntry;

/** The stored form of a game: everything else is derived by replaying it with the rules. */
export interface GameRecord {
  sbfen: string;
  standard: boolean;
  mode: Mode;
  humanColor: ColorName;
  aiDifficulty: Level;
  /** Every move played, as move texts; the last may wait for its defender choice. */
  moves: string[][];
  /** How many of the last moves may be undone. */
  undoDepth: number;
  /** Undone moves, the next to redo last. */
  redo: string[][];
  ending: Ending | null;
}

/** An end that no position shows: resignation, agreement, abandonment. */
export interface Ending {
  status: 'resigned' | 'draw' | 'abandoned';
  winner: ColorName | null;
  message: string;
}

export interface ActionResult {
  /** What the move logic says to the player (a toast), or null. */
  message: string | null;
}

const colorName = (c: Color): ColorName => COLOR_NAMES[c];
const typeName = (t: PieceType): TypeName => TYPE_NAMES[t] as TypeName;
const parseType = (name: string | undefined): PieceType | 0 => {
  const i = TYPE_NAMES.indexOf(name as TypeName);
  return i > 0 ? (i as PieceType) : 0;
};

/**
 * A game: a position, its history with notation, undo and redo, and the ends the board alone
 * does not show. It checks every intention with the rules and changes nothing on a refusal.
 */
export class Game {
  private readonly history: MoveRecord[] = [];
  private undoDepth = 0;
  private redoStack: string[][] = [];
  private ending: Ending | null = null;
  private pendingPromotion: { from: string; to: string } | null = null;
  /** Who made each mixed box (the attacker), by square. */
  private readonly mixedOwner = new Map<number, Color>();

  private constructor(
    private readonly pos: Position,
    private readonly setup: Required<GameSetup>,
  ) {
    this.rebuildOwners();
  }

  static create(setup: GameSetup = {}): Result<Game> {
    const sbfen = setup.sbfen ?? START_SBFEN;
    const parsed = parseSbfen(sbfen, setup.standard ?? false);
    if (!parsed.ok) return parsed;
    const full: Required<GameSetup> = {
      sbfen: writeSbfen(parsed.value),
      standard: setup.standard ?? false,
      mode: setup.mode ?? 'local',
      humanColor: setup.humanColor ?? 'white',
      aiDifficulty: setup.aiDifficulty ?? 'medium',
    };
    return ok(new Game(parsed.value, full));
  }

  /** Rebuilds a game from its record, checking every move again. */
  static fromRecord(record: GameRecord): Result<Game> {
    const created = Game.create(record);
    if (!created.ok) return created;
    const game = created.value;
    for (const texts of record.moves) {
      for (const text of texts) {
        const played = game.playText(text);
        if (!played.ok) return err(`move ${game.history.length + 1} (${text}): ${played.error}`);
      }
    }
    game.undoDepth = Math.min(record.undoDepth, game.history.length, HISTORY_CAP);
    game.redoStack = record.redo.slice(-HISTORY_CAP);
    game.ending = record.ending;
    return ok(game);
  }

  toRecord(): GameRecord {
    return {
      ...this.setup,
      moves: this.history.map((r) => [...r.texts]),
      undoDepth: this.undoDepth,
      redo: this.redoStack.map((t) => [...t]),
      ending: this.ending,
    };
  }

  /** The position (read it, do not change it). */
  get position(): Position {
    return this.pos;
  }

  get moves(): readonly MoveRecord[] {
    return this.history;
  }

  /** The colour whose decision it is: the defender while a choice is pending. */
  get turn(): ColorName {
    return colorName(this.pos.turn);
  }

  get isOver(): boolean {
    const s = this.status().status;
    return s !== 'active' && s !== 'check';
  }

  status(): {
    status: GameStatus;
    winner: ColorName | null;
    drawReason: DrawReason | 'agreement' | null;
    message: string | null;
  } {
    if (this.ending) {
      return {
        status: this.ending.status,
        winner: this.ending.winner,
        drawReason: this.ending.status === 'draw' ? 'agreement' : null,
        message: this.ending.message,
      };
    }
    if (this.pos.pendingSquare >= 0)
      return { status: 'active', winner: null, drawReason: null, message: null };
    const s = positionStatus(this.pos);
    return { ...s, winner: s.winner === null ? null : colorName(s.winner) };
  }

  /** Plays a move. A pawn reaching the last rank without a promotion piece waits for `promote`. */
  move(req: MoveRequest): Result<ActionResult> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    if (this.pos.pendingSquare >= 0) return err(MESSAGES.choicePending);
    if (this.pendingPromotion) return err(MESSAGES.promotionPending);
    const from = parseSquare(req.from);
    const to = parseSquare(req.to);
    if (from < 0 || to < 0) return err(MESSAGES.invalidSquare);
    if (from === to) return err(MESSAGES.invalidMove);
    const type = parseType(req.piece);
    if (req.piece !== undefined && !type) return err(`Unknown piece '${req.piece}'`);
    const promotion = parseType(req.promotion);
    if (req.promotion !== undefined && (!promotion || promotion === PAWN || promotion === KING)) {
      return err(`A pawn promotes to a queen, rook, bishop or knight, not '${req.promotion}'`);
    }
    const candidates = legalMoves(this.pos).filter(
      (m) => moveFrom(m) === from && moveTo(m) === to && (!type || typeOf(movePiece(m)) === type),
    );
    if (candidates.length === 0) return err(explainIllegal(this.pos, from, to, type || undefined));
    if (new Set(candidates.map((m) => typeOf(movePiece(m)))).size > 1) return err(MESSAGES.choosePiece);
    if (movePromotion(candidates[0]) && !promotion) {
      this.pendingPromotion = { from: req.from, to: req.to };
      return ok({ message: null });
    }
    const m = candidates.find((c) => movePromotion(c) === promotion);
    if (m === undefined) return err(MESSAGES.invalidMove);
    return ok({ message: this.commitNew(m) });
  }

  /** Completes a move that waits for its promotion piece. */
  promote(piece: TypeName): Result<ActionResult> {
    const pending = this.pendingPromotion;
    if (!pending) return err('No pending promotion');
    this.pendingPromotion = null;
    const result = this.move({ ...pending, promotion: piece });
    if (!result.ok) this.pendingPromotion = pending;
    return result;
  }

  /** The defender's choice after an attack on its double box: which piece is sacrificed. */
  choose(sacrificed: TypeName): Result<ActionResult> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    if (this.pos.pendingSquare < 0) return err(MESSAGES.noPendingChoice);
    const type = parseType(sacrificed);
    const m = legalMoves(this.pos).find((c) => typeOf(movePiece(c)) === type);
    if (m === undefined) return err(`The attacked box holds no ${sacrificed} to sacrifice`);
    return ok({ message: this.commitNew(m) });
  }

  /** Plays one move text (RULES.md 8), as the UCI engine and stored records write moves. */
  playText(text: string): Result<ActionResult> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    const parsed = parseMoveText(this.pos, text);
    if (!parsed.ok) return parsed;
    return ok({ message: this.commitNew(parsed.value) });
  }

  private refuseAction(): string | null {
    if (this.ending) return MESSAGES.gameEnded;
    const s = this.pos.pendingSquare >= 0 ? 'active' : positionStatus(this.pos).status;
    return s === 'active' || s === 'check' ? null : MESSAGES.gameEnded;
  }

  /** Plays a legal decision, records it and returns the move logic's message. */
  private commit(m: Move): string | null {
    const pos = this.pos;
    const text = moveText(pos, m);
    const kind = moveKind(m);
    const to = moveTo(m);
    let message: string | null;
    if (kind === SACRIFICE) {
      // The defender choice completes the last record.
      const record = this.history[this.history.length - 1];
      const sacrificed = typeOf(movePiece(m));
      pos.play(m);
      record.sacrificed = typeName(sacrificed);
      record.capturedPiece = typeName(sacrificed);
      record.texts.push(text);
      record.notation += checkSuffix(pos);
      this.mixedOwner.set(to, (pos.turn ^ 1) as Color);
      message = sacrificedMessage(sacrificed);
    } else {
      const mover = movePiece(m);
      const captured = capturedType(pos, m);
      const body = sanBody(pos, m);
      pos.play(m);
      const promotion = movePromotion(m);
      const record: MoveRecord = {
        moveNumber: this.history.length + 1,
        player: colorName(colorOf(mover)),
        from: squareName(moveFrom(m)),
        to: squareName(to),
        piece: typeName(typeOf(mover)),
        capturedPiece: captured ? typeName(captured) : null,
        promotedTo: promotion ? typeName(promotion) : null,
        sacrificed: null,
        isSharedBoxCreated: createsBox(m),
        isSharedBoxAttacked: isBoxAttack(m),
        isCastling: kind === CASTLE,
        isEnPassant: kind === EN_PASSANT,
        notation: body + (pos.pendingSquare >= 0 ? '' : checkSuffix(pos)),
        texts: [text],
      };
      this.history.push(record);
      this.undoDepth = Math.min(this.undoDepth + 1, HISTORY_CAP);
      if (kind === ATTACK_PAWN_BOX) this.mixedOwner.set(to, colorOf(mover));
      message = moveMessage(m, captured, pos.turn);
    }
    return message;
  }

  /** Plays `m` and clears the redo stack: a new move forgets what was undone. */
  private commitNew(m: Move): string | null {
    this.redoStack = [];
    return this.commit(m);
  }

  /**
   * Takes back the last move (both plies of an attack and its choice). In a computer game, on the
   * human's turn, it takes back the computer's reply and the human's move when both are stored.
   */
  undo(): Result<ActionResult> {
    const refusal = this.refuseHistory();
    if (refusal) return err(refusal);
    if (this.undoDepth === 0) return err(MESSAGES.noUndo);
    const pair = this.isHumanTurn() && this.undoDepth >= 2;
    for (let i = pair ? 2 : 1; i > 0; i--) {
      const record = this.history.pop()!;
      for (let k = 0; k < record.texts.length; k++) this.pos.undo();
      this.redoStack.push(record.texts);
      this.undoDepth--;
    }
    this.redoStack = this.redoStack.slice(-HISTORY_CAP);
    this.pendingPromotion = null;
    this.rebuildOwners();
    return ok({ message: pair ? MESSAGES.undonePair : MESSAGES.undone });
  }

  redo(): Result<ActionResult> {
    const refusal = this.refuseHistory();
    if (refusal) return err(refusal);
    if (this.redoStack.length === 0) return err(MESSAGES.noRedo);
    const pair = this.isHumanTurn() && this.redoStack.length >= 2;
    for (let i = pair ? 2 : 1; i > 0; i--) {
      for (const text of this.redoStack.pop()!) {
        const parsed = parseMoveText(this.pos, text);
        if (!parsed.ok) return err(parsed.error);
        this.commit(parsed.value);
      }
    }
    this.pendingPromotion = null;
    return ok({ message: pair ? MESSAGES.redonePair : MESSAGES.redone });
  }

  private refuseHistory(): string | null {
    if (this.setup.mode === 'online') return MESSAGES.undoOnline;
    if (this.ending) return MESSAGES.gameEnded;
    return null;
  }

  private isHumanTurn(): boolean {
    return this.setup.mode === 'computer' && this.turn === this.setup.humanColor;
  }

  /** The side to move resigns (locally); online, the server names the side. */
  resign(side: ColorName = this.turn): Result<ActionResult> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    const loser = side === 'white' ? WHITE : BLACK;
    this.end({
      status: 'resigned',
      winner: colorName((loser ^ 1) as Color),
      message: resignedMessage(loser),
    });
    return ok({ message: resignedMessage(loser) });
  }

  /** A draw by agreement: at once locally, after the opponent accepts online. */
  agreeDraw(): Result<ActionResult> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    this.end({ status: 'draw', winner: null, message: MESSAGES.drawAgreed });
    return ok({ message: MESSAGES.drawAgreed });
  }

  /** The side to move ran out of time: the other side wins by default. */
  abandon(): Result<ActionResult> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    const winner = (this.pos.turn ^ 1) as Color;
    this.end({ status: 'abandoned', winner: colorName(winner), message: abandonedMessage(winner) });
    return ok({ message: abandonedMessage(winner) });
  }

  private end(ending: Ending): void {
    this.ending = ending;
    this.pendingPromotion = null;
  }

  /** Mixed boxes of the start position are credited to the side that moved last before it. */
  private rebuildOwners(): void {
    this.mixedOwner.clear();
    const start = parseSbfen(this.setup.sbfen, this.setup.standard);
    if (start.ok) {
      const p = start.value;
      for (let sq = 0; sq < 120; sq++) {
        if (!(sq & 0x88) && p.second[sq] && colorOf(p.first[sq]) !== colorOf(p.second[sq])) {
          this.mixedOwner.set(sq, (p.turn ^ 1) as Color);
        }
      }
    }
    for (const r of this.history) {
      if (r.isSharedBoxAttacked && (r.sacrificed !== null || r.capturedPiece === 'pawn')) {
        this.mixedOwner.set(parseSquare(r.to), r.player === 'white' ? WHITE : BLACK);
      }
    }
  }

  /** The game state of spec/game.md section 3, derived from the position and the history. */
  state(): GameState {
    const pos = this.pos;
    const status = this.status();
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
        if (y !== 0) {
          const mixed = colorOf(x) !== colorOf(y);
          const owner = mixed ? (this.mixedOwner.get(sq) ?? WHITE) : colorOf(x);
          sharedBoxes[colorName(owner)].push({
            coordinate,
            kind: mixed ? 'mixed' : typeOf(x) === PAWN ? 'pawn' : 'double',
            pawn: typeOf(x) === PAWN ? pieceState(x, sq) : null,
            strongPiece: pieceState(typeOf(x) === PAWN ? y : x, sq)!,
            sharedPiece: typeOf(x) === PAWN ? null : pieceState(y, sq),
            player: colorName(owner),
          });
        }
      }
      board.push(row);
    }
    const captured: Record<ColorName, PieceState[]> = { white: [], black: [] };
    for (const r of this.history) {
      if (r.capturedPiece) {
        const victim = r.player === 'white' ? 'black' : 'white';
        captured[r.player].push({ type: r.capturedPiece, color: victim, hasMoved: true });
      }
    }
    const last = this.history[this.history.length - 1];
    const pendingSq = pos.pendingSquare;
    let pendingDefenderChoice: PendingDefenderChoice | null = null;
    if (pendingSq >= 0 && last) {
      pendingDefenderChoice = {
        coordinate: squareName(pendingSq),
        attackerMove: { from: last.from, to: last.to, piece: last.piece },
        defendingSharedBox: {
          pieces: [
            pieceState(pos.first[pendingSq], pendingSq)!,
            pieceState(pos.second[pendingSq], pendingSq)!,
          ],
          options: legalMoves(pos).map((m) => typeName(typeOf(movePiece(m)))),
        },
        defender: colorName(pos.turn),
      };
    }
    const countBoxes = (mixed: boolean) =>
      [...sharedBoxes.white, ...sharedBoxes.black].filter((b) => (b.kind === 'mixed') === mixed).length;
    return {
      sbfen: pendingSq >= 0 ? null : writeSbfen(pos),
      startSbfen: this.setup.sbfen,
      standard: this.setup.standard,
      board,
      currentPlayer: colorName(pos.turn),
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
      boxCounts: { sameColor: countBoxes(false), mixed: countBoxes(true), total: pos.boxes, limit: 3 },
      pendingPromotion: this.pendingPromotion,
      pendingDefenderChoice,
      isComputerGame: this.setup.mode === 'computer',
      mode: this.setup.mode,
      humanPlayer: this.setup.humanColor,
      aiDifficulty: this.setup.aiDifficulty,
      moveCount: this.history.length,
      moveHistory: this.history.map((r) => ({ ...r, texts: [...r.texts] })),
      canUndo: !this.refuseHistory() && this.undoDepth > 0,
      canRedo: !this.refuseHistory() && this.redoStack.length > 0,
      undoDepth: this.undoDepth,
      redoDepth: this.redoStack.length,
    };
  }
}

/** The type the move takes at once (a double box's loss is known only after the choice). */
function capturedType(pos: Position, m: Move): PieceType | 0 {
  const kind = moveKind(m);
  if (kind === EN_PASSANT || kind === ATTACK_PAWN_BOX) return PAWN;
  if (kind === ATTACK_DOUBLE_BOX || kind === JOIN || kind === CASTLE) return 0;
  const target = pos.first[moveTo(m)];
  return target ? typeOf(target) : 0;
}

function moveMessage(m: Move, captured: PieceType | 0, next: Color): string | null {
  const kind = moveKind(m);
  const promotion = movePromotion(m);
  if (kind === JOIN) return MESSAGES.boxCreated;
  if (kind === COPY) return MESSAGES.boxCopied;
  if (kind === ATTACK_DOUBLE_BOX) return defenderChoiceMessage(next);
  if (kind === CASTLE)
    return moveTo(m) > moveFrom(m) ? MESSAGES.kingsideCastling : MESSAGES.queensideCastling;
  if (kind === EN_PASSANT) return MESSAGES.enPassant;
  if (promotion) return captured ? capturedPromotedMessage(captured, promotion) : promotedMessage(promotion);
  return captured ? capturedMessage(captured) : null;
}

/** A piece as the state shows it; a piece off its starting square has certainly moved. */
function pieceState(p: Piece, sq: number): PieceState | null {
  if (!p) return null;
  const color = colorOf(p);
  const type = typeOf(p);
  const homeRank = color === WHITE ? (type === PAWN ? 1 : 0) : type === PAWN ? 6 : 7;
  return { type: typeName(type), color: colorName(color), hasMoved: sq >> 4 !== homeRank };
}

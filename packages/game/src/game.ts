import {
  COLOR_NAMES,
  type Color,
  type ColorName,
  cannotMate,
  checkSuffix,
  err,
  explainIllegal,
  KING,
  legalMoves,
  type Move,
  moveFrom,
  moveKind,
  movePiece,
  movePromotion,
  moveText,
  moveTo,
  ok,
  opponent,
  PAWN,
  type Position,
  parseSbfen,
  parseSquare,
  parseTypeName,
  type Result,
  ruleError,
  SACRIFICE,
  START_SBFEN,
  type TypeName,
  typeName,
  typeOf,
  writeSbfen,
} from '@sbc/rules';
import { type GameError, gameError } from './errors.ts';
import { HISTORY_CAP, historyEntry } from './history.ts';
import {
  abandonedMessage,
  abortedMessage,
  MESSAGES,
  moveMessage,
  opponentLeftMessage,
  outOfTimeMessage,
  resignedMessage,
  sacrificedMessage,
  timeoutDrawMessage,
} from './messages.ts';
import type { GameRecord, GameSetup } from './record.ts';
import { deriveState } from './state.ts';
import { type Ending, gameStatus, isLive, type StatusReport } from './status.ts';
import { type MoveRequest, resolveMoveText, sacrificeMove } from './text.ts';
import type { GameState, MoveHistoryEntry } from './types.ts';

export interface ActionResult {
  /** What the move logic says to the player (a toast), or null. */
  message: string | null;
}

/**
 * A game: a position, its history with notation, undo and redo, and the ends the board alone
 * does not show. It checks every intention with the rules and changes nothing on a refusal.
 */
export class Game {
  private readonly history: MoveHistoryEntry[] = [];
  /**
   * Each history entry's move texts as a record holds them: a copy replaced, never changed, when
   * its entry changes, so that a record shares them and costs one array a move, not one a move played.
   */
  private readonly texts: string[][] = [];
  private undoDepth = 0;
  private redoStack: string[][] = [];
  private ending: Ending | null = null;
  private promotion: { from: string; to: string } | null = null;
  /** The status of the position and ending as they are: asked several times a change, derived once. */
  private report: StatusReport | null = null;

  private constructor(
    private readonly pos: Position,
    private readonly setup: Required<GameSetup>,
  ) {}

  static create(setup: GameSetup = {}): Result<Game, GameError> {
    const parsed = parseSbfen(setup.sbfen ?? START_SBFEN, setup.standard ?? false);
    if (!parsed.ok) return parsed;
    return ok(
      new Game(parsed.value, {
        sbfen: writeSbfen(parsed.value),
        standard: setup.standard ?? false,
        mode: setup.mode ?? 'local',
        humanColor: setup.humanColor ?? 'white',
        aiDifficulty: setup.aiDifficulty ?? 'medium',
      }),
    );
  }

  /** Rebuilds a game from its record, checking every move again. */
  static fromRecord(record: GameRecord): Result<Game, GameError> {
    const created = Game.create(record);
    return created.ok ? created.value.playRecord(record, 0) : created;
  }

  /**
   * Brings the game to a later record of itself, as `fromRecord` would rebuild it, playing (and
   * checking) only the moves the record adds. False when the record does not continue this history
   * (an undo, a move waiting for its promotion piece here): the game is then in no known state and
   * must be rebuilt.
   */
  catchUp(record: GameRecord): boolean {
    if (this.promotion) return false;
    const texts = record.moves.flat();
    let played = 0;
    for (const entry of this.texts) for (const text of entry) if (text !== texts[played++]) return false;
    return this.playRecord(record, played).ok;
  }

  /** Plays the record's move texts from the `from`-th on, then takes its undo, redo and ending. */
  private playRecord(record: GameRecord, from: number): Result<Game, GameError> {
    for (const text of record.moves.flat().slice(from)) {
      const played = this.playText(text);
      if (!played.ok)
        return err(gameError('recordMove', this.history.length + 1, text, played.error.message));
    }
    this.undoDepth = Math.min(record.undoDepth, this.history.length, HISTORY_CAP);
    this.redoStack = record.redo.slice(-HISTORY_CAP);
    this.ending = record.ending;
    this.report = null;
    return ok(this);
  }

  toRecord(): GameRecord {
    return {
      ...this.setup,
      moves: this.texts.slice(),
      undoDepth: this.undoDepth,
      redo: this.redoStack.map((t) => [...t]),
      ending: this.ending,
    };
  }

  /** The position (read it, do not change it). */
  get position(): Position {
    return this.pos;
  }

  get moves(): readonly MoveHistoryEntry[] {
    return this.history;
  }

  /** The colour whose decision it is: the defender while a choice is pending. */
  get turn(): ColorName {
    return COLOR_NAMES[this.pos.turn];
  }

  /** The move waiting for its promotion piece (`promote`), or null. */
  get pendingPromotion(): { from: string; to: string } | null {
    return this.promotion;
  }

  get isOver(): boolean {
    return !isLive(this.status().status);
  }

  status(): StatusReport {
    this.report ??= gameStatus(this.pos, this.ending);
    return this.report;
  }

  /** Plays a move. A pawn reaching the last rank without a promotion piece waits for `promote`. */
  move(req: MoveRequest): Result<ActionResult, GameError> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    if (this.pos.pendingSquare >= 0) return err(ruleError('choicePending'));
    if (this.promotion) return err(gameError('promotionPending'));
    const from = parseSquare(req.from);
    const to = parseSquare(req.to);
    if (from < 0 || to < 0) return err(gameError('invalidSquare'));
    if (from === to) return err(ruleError('invalidMove'));
    const type = parseTypeName(req.piece ?? '');
    if (req.piece !== undefined && !type) return err(gameError('unknownPiece', req.piece));
    const promotion = parseTypeName(req.promotion ?? '');
    if (req.promotion !== undefined && (!promotion || promotion === PAWN || promotion === KING)) {
      return err(gameError('invalidPromotion', req.promotion));
    }
    const candidates = legalMoves(this.pos).filter(
      (m) => moveFrom(m) === from && moveTo(m) === to && (!type || typeOf(movePiece(m)) === type),
    );
    if (candidates.length === 0) return err(explainIllegal(this.pos, from, to, type || undefined));
    if (new Set(candidates.map((m) => typeOf(movePiece(m)))).size > 1) return err(gameError('choosePiece'));
    if (movePromotion(candidates[0]) && !promotion) {
      this.promotion = { from: req.from, to: req.to };
      return ok({ message: null });
    }
    const m = candidates.find((c) => movePromotion(c) === promotion);
    if (m === undefined) return err(ruleError('invalidMove'));
    return ok({ message: this.commitNew(m) });
  }

  /** Completes a move that waits for its promotion piece. */
  promote(piece: TypeName): Result<ActionResult, GameError> {
    const pending = this.promotion;
    if (!pending) return err(gameError('noPendingPromotion'));
    this.promotion = null;
    const result = this.move({ ...pending, promotion: piece });
    if (!result.ok) this.promotion = pending;
    return result;
  }

  /** The defender's choice after an attack on its double box: which piece is sacrificed. */
  choose(sacrificed: TypeName): Result<ActionResult, GameError> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    const m = sacrificeMove(this.pos, sacrificed);
    return m.ok ? ok({ message: this.commitNew(m.value) }) : m;
  }

  /** Plays one move text (docs/rules.md, appendix), as the UCI engine and stored records write moves. */
  playText(text: string): Result<ActionResult, GameError> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    const m = resolveMoveText(this.pos, text);
    return m.ok ? ok({ message: this.commitNew(m.value) }) : m;
  }

  private refuseAction(): GameError | null {
    return this.isOver ? gameError('gameEnded') : null;
  }

  /** Plays a legal decision, records it and returns the move logic's message. */
  private commit(m: Move): string | null {
    const pos = this.pos;
    this.report = null;
    if (moveKind(m) === SACRIFICE) {
      // The defender choice completes the last entry.
      const entry = this.history[this.history.length - 1];
      const sacrificed = typeName(typeOf(movePiece(m)));
      entry.texts.push(moveText(pos, m));
      this.texts[this.texts.length - 1] = [...entry.texts];
      pos.play(m);
      entry.sacrificed = entry.capturedPiece = sacrificed;
      entry.notation += checkSuffix(pos);
      return sacrificedMessage(sacrificed);
    }
    const entry = historyEntry(pos, m, this.history.length + 1);
    pos.play(m);
    if (pos.pendingSquare < 0) entry.notation += checkSuffix(pos);
    this.history.push(entry);
    this.texts.push([...entry.texts]);
    this.undoDepth = Math.min(this.undoDepth + 1, HISTORY_CAP);
    return moveMessage(m, entry.capturedPiece, entry.promotedTo, this.turn);
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
  undo(): Result<ActionResult, GameError> {
    const refusal = this.refuseHistory();
    if (refusal) return err(refusal);
    if (this.undoDepth === 0) return err(gameError('noUndo'));
    const pair = this.isHumanTurn() && this.undoDepth >= 2;
    for (let i = pair ? 2 : 1; i > 0; i--) {
      const entry = this.history.pop()!;
      this.texts.pop();
      for (let k = 0; k < entry.texts.length; k++) this.pos.undo();
      this.report = null;
      this.redoStack.push(entry.texts);
      this.undoDepth--;
    }
    this.redoStack = this.redoStack.slice(-HISTORY_CAP);
    this.promotion = null;
    return ok({ message: pair ? MESSAGES.undonePair : MESSAGES.undone });
  }

  redo(): Result<ActionResult, GameError> {
    const refusal = this.refuseHistory();
    if (refusal) return err(refusal);
    if (this.redoStack.length === 0) return err(gameError('noRedo'));
    const pair = this.isHumanTurn() && this.redoStack.length >= 2;
    for (let i = pair ? 2 : 1; i > 0; i--) {
      for (const text of this.redoStack.pop()!) {
        const m = resolveMoveText(this.pos, text);
        if (!m.ok) return m;
        this.commit(m.value);
      }
    }
    this.promotion = null;
    return ok({ message: pair ? MESSAGES.redonePair : MESSAGES.redone });
  }

  /** Undo and redo take back moves of a game still going: after any end, the board's or a recorded one. */
  private refuseHistory(status = this.status()): GameError | null {
    if (this.setup.mode === 'online') return gameError('undoOnline');
    if (!isLive(status.status)) return gameError('gameEnded');
    return null;
  }

  private isHumanTurn(): boolean {
    return this.setup.mode === 'computer' && this.turn === this.setup.humanColor;
  }

  /** The side to move resigns (locally); online, the server names the side. */
  resign(side: ColorName = this.turn): Result<ActionResult, GameError> {
    return this.end({ status: 'resigned', winner: opponent(side), message: resignedMessage(side) });
  }

  /** A draw by agreement: at once locally, after the opponent accepts online. */
  agreeDraw(): Result<ActionResult, GameError> {
    return this.end({ status: 'draw', winner: null, message: MESSAGES.drawAgreed });
  }

  /** The side to move ran out of time: the other side wins by default. */
  abandon(): Result<ActionResult, GameError> {
    const winner = opponent(this.turn);
    return this.end({ status: 'abandoned', winner, message: abandonedMessage(winner) });
  }

  /**
   * The side to move ran out of time: it loses, unless the other side cannot possibly checkmate
   * (docs/rules.md §10), which makes it a draw.
   */
  flag(): Result<ActionResult, GameError> {
    const winner = opponent(this.turn);
    if (cannotMate(this.pos, (this.pos.turn ^ 1) as Color)) {
      const message = timeoutDrawMessage(winner);
      return this.end({ status: 'draw', winner: null, message, drawReason: 'timeout-vs-insufficient' });
    }
    return this.end({ status: 'outoftime', winner, message: outOfTimeMessage(winner) });
  }

  /** The side to move did not make its first move in time: the game counts for nobody. */
  abort(): Result<ActionResult, GameError> {
    return this.end({ status: 'aborted', winner: null, message: abortedMessage(this.turn) });
  }

  /** `absent` left a timed game: the other side claims the win, or a draw. */
  claim(absent: ColorName, result: 'win' | 'draw'): Result<ActionResult, GameError> {
    const winner = result === 'win' ? opponent(absent) : null;
    const message = opponentLeftMessage(winner, absent);
    return this.end(
      winner
        ? { status: 'abandoned', winner, message }
        : { status: 'draw', winner: null, message, drawReason: 'opponent-left' },
    );
  }

  private end(ending: Ending): Result<ActionResult, GameError> {
    const refusal = this.refuseAction();
    if (refusal) return err(refusal);
    this.ending = ending;
    this.report = null;
    this.promotion = null;
    return ok({ message: ending.message });
  }

  /** The game state (docs/api.md, "The game object"). */
  state(): GameState {
    const status = this.status();
    const historyOpen = this.refuseHistory(status) === null;
    return deriveState({
      pos: this.pos,
      setup: this.setup,
      history: this.history,
      status,
      pendingPromotion: this.promotion,
      undoDepth: this.undoDepth,
      redoDepth: this.redoStack.length,
      canUndo: historyOpen && this.undoDepth > 0,
      canRedo: historyOpen && this.redoStack.length > 0,
    });
  }
}

import { type PieceType, parseTypeName, typeLetter } from '@sbc/rules';
import { pgnClock, pgnTimeControl, type TimeControl } from './clock.ts';
import { formatRatingDiff } from './rating.ts';
import type { GameState, MoveHistoryEntry } from './types.ts';

/** The PGN variant of a game with the shared-box rules (docs/architecture.md, "PGN export"). */
export const PGN_VARIANT = 'Shared Box Chess';
/** Movetext lines stay within PGN's 80 characters. */
const LINE = 80;

/** What a PGN record is written from. */
export interface PgnSource {
  state: Pick<GameState, 'startSbfen' | 'standard' | 'moveHistory' | 'gameStatus' | 'winner'>;
  white: string;
  black: string;
  /** When the game was played. */
  date: Date;
  event: string;
  /** Where: the game's address. */
  site: string;
  /** The game's time control (the TimeControl tag), when known. */
  timeControl?: TimeControl;
  /** On a clock: the mover's time left after each move, in ms, in history order (ClockRecord.plies). */
  plies?: readonly number[];
  /** Each side's rating when the game started, and a rated game's change once it ended (when known). */
  ratings?: Partial<Record<'white' | 'black', PgnRating | null>>;
}

/** A player's rating at the game's start, and the change the game made (null until a rated game ends). */
export interface PgnRating {
  rating: number;
  diff: number | null;
}

/** The defender's choice beside its attacking move ('N sacrificed'); the notation itself stays as docs/rules.md writes it. */
export const sacrificeNote = (entry: MoveHistoryEntry): string | null =>
  entry.sacrificed && `${typeLetter(parseTypeName(entry.sacrificed) as PieceType)} sacrificed`;

/** 1-0, 0-1, 1/2-1/2, or * while the game goes on. */
export function resultToken(state: PgnSource['state']): string {
  if (state.gameStatus === 'active' || state.gameStatus === 'check') return '*';
  if (state.winner) return state.winner === 'white' ? '1-0' : '0-1';
  return '1/2-1/2';
}

/** A tag value with its quotes and backslashes escaped (PGN standard §8.1.1). */
const tag = (name: string, value: string) => `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;

const pgnDate = (d: Date) =>
  `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;

/**
 * The tokens of the movetext: numbers, moves, the defender choices as comments, the clock after
 * each move as a `%clk` comment (`clocks`, when the game was on a clock), the result.
 */
function movetext(state: PgnSource['state'], clocks: readonly number[]): string[] {
  // The start position's full-move number (SBFEN's sixth field, as FEN's).
  let number = Number(state.startSbfen.split(' ')[5]) || 1;
  const tokens: string[] = [];
  state.moveHistory.forEach((entry, i) => {
    if (entry.player === 'white') tokens.push(`${number}.`);
    else if (i === 0) tokens.push(`${number}...`);
    tokens.push(entry.notation);
    const note = sacrificeNote(entry);
    if (note) tokens.push(`{${note}}`);
    if (clocks[i] !== undefined) tokens.push(`{[%clk ${pgnClock(clocks[i])}]}`);
    if (entry.player === 'black') number++;
  });
  tokens.push(resultToken(state));
  return tokens;
}

/** Joins tokens into lines of at most 80 characters (a longer token stands alone). */
function wrap(tokens: string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > LINE) {
      lines.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  lines.push(line);
  return lines.join('\n');
}

/** WhiteElo / BlackElo, then WhiteRatingDiff / BlackRatingDiff, as lichess writes them: those known. */
function ratingTags(ratings: PgnSource['ratings'] = {}): string[] {
  const { white, black } = ratings;
  return [
    ...(white ? [tag('WhiteElo', String(white.rating))] : []),
    ...(black ? [tag('BlackElo', String(black.rating))] : []),
    ...(white?.diff != null ? [tag('WhiteRatingDiff', formatRatingDiff(white.diff))] : []),
    ...(black?.diff != null ? [tag('BlackRatingDiff', formatRatingDiff(black.diff))] : []),
  ];
}

/**
 * A game as PGN: the seven tag roster, the players' ratings (and a rated game's changes) when
 * known, TimeControl when the source says it, then Variant, SetUp
 * and FEN (the start SBFEN), then the movetext with the defender choices as comments and, on a
 * clock, each mover's time after the move (correspondence games give the same days to every move:
 * no `%clk`). A standard game (shared-box rules off) is Variant "Standard".
 */
export function pgn(source: PgnSource): string {
  const { state, timeControl } = source;
  const clocks = timeControl?.kind === 'clock' ? (source.plies ?? []) : [];
  const tags = [
    tag('Event', source.event),
    tag('Site', source.site),
    tag('Date', pgnDate(source.date)),
    tag('Round', '-'),
    tag('White', source.white),
    tag('Black', source.black),
    tag('Result', resultToken(state)),
    ...ratingTags(source.ratings),
    ...(timeControl ? [tag('TimeControl', pgnTimeControl(timeControl))] : []),
    tag('Variant', state.standard ? 'Standard' : PGN_VARIANT),
    tag('SetUp', '1'),
    tag('FEN', state.startSbfen),
  ];
  return `${tags.join('\n')}\n\n${wrap(movetext(state, clocks))}\n`;
}

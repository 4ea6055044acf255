import { legalMoves, moveText } from '@sbc/rules';
import { describe, expect, it } from 'vitest';
import { Game, pgn, resultToken } from '../src/index.ts';

function played(texts: string[], sbfen?: string) {
  const created = Game.create({ sbfen });
  if (!created.ok) throw new Error(created.error.message);
  const g = created.value;
  for (const t of texts) {
    const r = g.playText(t);
    if (!r.ok) throw new Error(`${t}: ${r.error.message}`);
  }
  return g;
}

const source = (g: Game, extra = {}) => ({
  state: g.state(),
  white: 'ada',
  black: 'Computer (Hard)',
  date: new Date('2026-03-07T23:30:00Z'),
  event: 'Game against the computer',
  site: 'https://example.org/game/g1',
  ...extra,
});

const tags = (text: string) => text.split('\n\n')[0].split('\n');
const moves = (text: string) => text.split('\n\n')[1];

describe('PGN', () => {
  it('writes the seven tags, then Variant, SetUp and the start SBFEN as FEN', () => {
    const g = played(['d2d3', 'e7e5', 'd1d3']);
    expect(tags(pgn(source(g)))).toEqual([
      '[Event "Game against the computer"]',
      '[Site "https://example.org/game/g1"]',
      '[Date "2026.03.07"]',
      '[Round "-"]',
      '[White "ada"]',
      '[Black "Computer (Hard)"]',
      '[Result "*"]',
      '[Variant "Shared Box Chess"]',
      '[SetUp "1"]',
      '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]',
    ]);
    expect(moves(pgn(source(g)))).toBe('1. d3 e5 2. Qd3+SB *\n');
  });

  it('escapes quotes and backslashes in names', () => {
    const text = pgn(source(played([]), { white: 'a "quoted" name', black: 'back\\slash' }));
    expect(tags(text)).toContain('[White "a \\"quoted\\" name"]');
    expect(tags(text)).toContain('[Black "back\\\\slash"]');
  });

  it("writes the players' ratings at the start as WhiteElo / BlackElo, and a rated game's changes", () => {
    const g = played(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    const rated = pgn(
      source(g, { ratings: { white: { rating: 1500, diff: -12 }, black: { rating: 1623, diff: 12 } } }),
    );
    expect(tags(rated).slice(6, 11)).toEqual([
      '[Result "0-1"]',
      '[WhiteElo "1500"]',
      '[BlackElo "1623"]',
      '[WhiteRatingDiff "-12"]',
      '[BlackRatingDiff "+12"]',
    ]);
    // A guest has no rating, a casual game no change.
    const casual = tags(pgn(source(g, { ratings: { white: { rating: 1500, diff: null }, black: null } })));
    expect(casual.filter((t) => /Elo|RatingDiff/.test(t))).toEqual(['[WhiteElo "1500"]']);
  });

  it('numbers from the start position, with ... when Black moves first, and writes the choice as a comment', () => {
    const start = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';
    const g = played(['b7c6', 'sac=B', 'f3e5', 'd8e7'], start);
    const text = pgn(source(g));
    expect(tags(text)).toContain(`[FEN "${start}"]`);
    expect(moves(text)).toBe('4... bxc6 {B sacrificed} 5. Nfxe5 Qe7 *\n');
  });

  it("writes a clocked game's TimeControl and the mover's clock after each move as %clk, beside a choice", () => {
    const start = 'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4';
    const g = played(['b7c6', 'sac=B', 'f3e5', 'd8e7'], start);
    const timeControl = { kind: 'clock', minutes: 3, increment: 2 } as const;
    const text = pgn(source(g, { timeControl, plies: [180_000, 178_400, 9_050] }));
    expect(tags(text).slice(6, 8)).toEqual(['[Result "*"]', '[TimeControl "180+2"]']);
    // Tenths under ten seconds; the lines still wrap at 80 characters.
    expect(moves(text)).toBe(
      '4... bxc6 {B sacrificed} {[%clk 0:03:00]} 5. Nfxe5 {[%clk 0:02:58]} Qe7\n{[%clk 0:00:09.0]} *\n',
    );
  });

  it('writes an untimed game\'s TimeControl as "-", a correspondence game\'s per move, and no %clk for either', () => {
    const g = played(['e2e4', 'e7e5']);
    const untimed = pgn(source(g, { timeControl: { kind: 'untimed' }, plies: [1, 2] }));
    expect(tags(untimed)).toContain('[TimeControl "-"]');
    expect(moves(untimed)).toBe('1. e4 e5 *\n');
    const days = { kind: 'correspondence', days: 3 } as const;
    const byPost = pgn(source(g, { timeControl: days, plies: [259_200_000, 259_200_000] }));
    expect(tags(byPost)).toContain('[TimeControl "1/259200"]');
    expect(moves(byPost)).toBe('1. e4 e5 *\n');
    expect(tags(pgn(source(g))).some((t) => t.startsWith('[TimeControl'))).toBe(false);
  });

  it('gives the result token of each end', () => {
    const mate = played(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    expect(mate.state().gameStatus).toBe('checkmate');
    expect(resultToken(mate.state())).toBe('0-1');
    expect(moves(pgn(source(mate)))).toBe('1. f3 e5 2. g4 Qh4# 0-1\n');
    const resigned = played(['e2e4']);
    resigned.resign('black');
    expect(resultToken(resigned.state())).toBe('1-0');
    const drawn = played(['e2e4']);
    drawn.agreeDraw();
    expect(tags(pgn(source(drawn)))).toContain('[Result "1/2-1/2"]');
  });

  it('wraps the movetext at 80 characters', () => {
    // 60 plies chosen by a fixed rule from the legal moves: a game longer than one line.
    const g = played([]);
    for (let i = 0; i < 60 && !g.isOver; i++) {
      const all = legalMoves(g.position);
      g.playText(moveText(g.position, all[(i * 7) % all.length]));
    }
    const lines = moves(pgn(source(g)))
      .trimEnd()
      .split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toMatch(/^1\. \S+ \S+ 2\. .* \*$/);
    // A line breaks only where the next token would not fit.
    for (let i = 0; i + 1 < lines.length; i++)
      expect(`${lines[i]} ${lines[i + 1].split(' ')[0]}`.length).toBeGreaterThan(80);
  });
});

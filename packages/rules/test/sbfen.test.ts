/**
 * SBFEN (docs/rules.md, appendix "SBFEN and move text"): writing, reading back, and every rejection
 * with a message that names it.
 */
import { describe, expect, it } from 'vitest';
import { RULE_ERRORS, type RuleError, type RuleErrorCode } from '../src/errors.ts';
import { BLACK, KNIGHT, PAWN, pieceOf, QUEEN, ROOK, WHITE } from '../src/piece.ts';
import { parseSbfen, START_SBFEN, writeSbfen } from '../src/sbfen.ts';
import { parseSquare } from '../src/square.ts';
import { play, position } from './helpers.ts';

/** The parser's error for a rejected text; fails when the text is accepted. */
function refusal(text: string, standard = false): RuleError {
  const parsed = parseSbfen(text, standard);
  if (parsed.ok) throw new Error(`accepted: ${text}`);
  return parsed.error;
}

const rejection = (text: string, standard = false): string => refusal(text, standard).message;

describe('writing and reading back', () => {
  const canonical = [
    START_SBFEN,
    'rnbqkbnr/pppp1ppp/8/4p3/8/3(PQ)4/PPP1PPPP/RNB1KBNR b KQkq - 1 2',
    'r1bqkbnr/1ppp1ppp/p1(NB)5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4',
    'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14',
    '3r3r/p1k5/(Bb)4p2/1Qpp1nNp/1(BB)3P1P/4(PR)1P1/P1PP4/RN1QK3 b Q - 0 20',
    'k7/8/8/3(Qr)4/8/8/8/4K3 b - - 0 30',
    '4k3/8/8/8/3(Nr)(pq)(Bn)2/8/8/4K3 w - - 0 1',
    'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3',
    'r3k2r/8/8/8/8/8/8/R3K2R w Kq - 99 120',
  ];
  it.each(canonical)('writes back %s unchanged', (text) => {
    expect(writeSbfen(position(text))).toBe(text);
  });

  it('reads a box into both slots and counts it', () => {
    const pos = position('rnbqkbnr/pppp1ppp/8/4p3/8/3(PQ)4/PPP1PPPP/RNB1KBNR b KQkq - 1 2');
    const d3 = parseSquare('d3');
    expect([pos.first[d3], pos.second[d3]]).toEqual([pieceOf(WHITE, PAWN), pieceOf(WHITE, QUEEN)]);
    expect(pos.boxes).toBe(1);
    expect(pos.turn).toBe(BLACK);
    expect([pos.halfmove, pos.fullmove]).toEqual([1, 2]);
  });

  it('accepts any order inside the parentheses and writes white first, then P, N, B, R, Q', () => {
    expect(writeSbfen(position('4k3/8/8/8/3(QP)(rN)(nB)2/8/8/4K3 w - - 0 1'))).toBe(
      '4k3/8/8/8/3(PQ)(Nr)(Bn)2/8/8/4K3 w - - 0 1',
    );
    expect(writeSbfen(position('k7/8/8/8/3(qp)(RN)(qR)2/8/8/4K3 w - - 0 1'))).toBe(
      'k7/8/8/8/3(pq)(NR)(Rq)2/8/8/4K3 w - - 0 1',
    );
    const a = position('4k3/8/8/8/3(rN)4/8/8/4K3 w - - 0 1');
    const b = position('4k3/8/8/8/3(Nr)4/8/8/4K3 w - - 0 1');
    expect([a.hashLo, a.hashHi]).toEqual([b.hashLo, b.hashHi]);
    expect(a.first[parseSquare('d4')]).toBe(pieceOf(WHITE, KNIGHT));
    expect(a.second[parseSquare('d4')]).toBe(pieceOf(BLACK, ROOK));
  });

  it('accepts two pieces of one type, and a pawn of each colour, as boxes', () => {
    expect(writeSbfen(position('4k3/8/8/8/3(NN)(Pp)(qq)2/8/8/4K3 w - - 0 1'))).toBe(
      '4k3/8/8/8/3(NN)(Pp)(qq)2/8/8/4K3 w - - 0 1',
    );
  });

  it('ignores extra spaces between fields', () => {
    expect(writeSbfen(position(`  ${START_SBFEN.replaceAll(' ', '   ')} `))).toBe(START_SBFEN);
  });

  it('writes the en passant square after every double step', () => {
    expect(writeSbfen(play(position(START_SBFEN), 'e2e4'))).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    );
  });

  it('drops a castling right whose king or rook is not at home', () => {
    expect(writeSbfen(position('r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1'))).toBe(
      'r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1',
    );
  });

  it('refuses to write a position waiting for a defender choice', () => {
    const pos = play(position('k7/8/8/3(nr)4/8/8/8/3QK3 w - - 0 1'), 'd1d5');
    expect(() => writeSbfen(pos)).toThrow(/defender choice/);
  });
});

describe('rejections (docs/rules.md, appendix "SBFEN and move text")', () => {
  it('a malformed field: not 6 fields', () => {
    expect(rejection('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0')).toMatch(/6 fields.*found 5/);
    expect(rejection('')).toMatch(/6 fields/);
  });

  it('a malformed field: not 8 ranks', () => {
    expect(rejection('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1')).toMatch(/8 ranks.*found 7/);
  });

  it('a malformed field: an unknown character in the placement', () => {
    expect(rejection('rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toMatch(
      /unexpected character 'X' in rank 4/,
    );
    expect(rejection('rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toMatch(/'9'/);
  });

  it('gives every rejection its code, with the message of the one table', () => {
    const cases: [string, RuleErrorCode][] = [
      ['8/8/8 w - - 0 1', 'sbfenRankCount'],
      ['4k3/8/8/8/8/8/8/K61 w - - 0 1', 'sbfenEmptyRun'],
      ['4k3/8/8/8/3(KN)4/8/8/8 w - - 0 1', 'sbfenKingInBox'],
      ['4k3/8/8/8/3(PP)4/8/8/4K3 w - - 0 1', 'sbfenPawnPair'],
      ['4k3/8/8/8/(PN)(PB)(PR)(PQ)4/8/8/4K3 w - - 0 1', 'sbfenBoxLimit'],
      ['4k3/8/8/8/8/8/8/4R1K1 w - - 0 1', 'sbfenWaitingInCheck'],
    ];
    for (const [text, code] of cases) expect(refusal(text).code).toBe(code);
    expect(refusal('a b c')).toEqual({ code: 'sbfenFieldCount', message: RULE_ERRORS.sbfenFieldCount(3) });
  });

  it('a malformed field: two digits in a row, even when the rank adds up to 8', () => {
    expect(rejection('4k3/8/8/8/8/8/8/K61 w - - 0 1')).toMatch(
      /rank 1 has two digits in a row \('61'\); a run of empty squares is one digit from 1 to 8/,
    );
    expect(rejection('4k3/8/8/8/44/8/8/4K3 w - - 0 1')).toMatch(/rank 4 has two digits in a row \('44'\)/);
  });

  it('a malformed field: a box without its closing parenthesis', () => {
    expect(rejection('4k3/8/8/8/3(PN4/8/8/4K3 w - - 0 1')).toMatch(/rank 4 has a '\(' without its '\)'/);
  });

  it('a malformed field: the side to move', () => {
    expect(rejection('4k3/8/8/8/8/8/8/4K3 x - - 0 1')).toMatch(/side to move.*'x'/);
  });

  it('a rank that does not add up to 8 squares', () => {
    expect(rejection('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1')).toMatch(
      /rank 1 has 7 squares, expected 8/,
    );
    expect(rejection('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1')).toMatch(
      /rank 1 has more than 8 squares/,
    );
    // A box takes one square.
    expect(rejection('4k3/8/8/8/3(PN)(PB)4/8/8/4K3 w - - 0 1')).toMatch(/rank 4 has 9 squares, expected 8/);
    expect(rejection('4k3/8/8/8/3(PN)3/8/8/4K3 w - - 0 1')).toMatch(/rank 4 has 7 squares/);
  });

  it('a box that is not one of the three kinds', () => {
    expect(rejection('4k3/8/8/8/3(PP)4/8/8/4K3 w - - 0 1')).toMatch(/'\(PP\)' on d4 is not a valid box/);
    expect(rejection('4k3/8/8/8/3(pp)4/8/8/4K3 w - - 0 1')).toMatch(/two pawns/);
    expect(rejection('4k3/8/8/8/3(PNB)4/8/8/4K3 w - - 0 1')).toMatch(/exactly two piece letters/);
    expect(rejection('4k3/8/8/8/3(P)4/8/8/4K3 w - - 0 1')).toMatch(/exactly two piece letters/);
    expect(rejection('4k3/8/8/8/3(Px)4/8/8/4K3 w - - 0 1')).toMatch(/exactly two piece letters/);
  });

  it('a king in a box', () => {
    expect(rejection('4k3/8/8/8/3(KN)4/8/8/8 w - - 0 1')).toMatch(/king is never in a box/);
    expect(rejection('8/8/8/8/3(Nk)4/8/8/4K3 w - - 0 1')).toMatch(/king is never in a box/);
  });

  it('more than 3 boxes', () => {
    expect(rejection('4k3/8/8/8/(PN)(PB)(PR)(PQ)4/8/8/4K3 w - - 0 1')).toMatch(/4 boxes.*at most 3/);
  });

  it('a pawn on the first or last rank, alone or in a box', () => {
    expect(rejection('4k3/8/8/8/8/8/8/P3K3 w - - 0 1')).toMatch(/pawn stands on a1/);
    expect(rejection('4k2p/8/8/8/8/8/8/4K3 w - - 0 1')).toMatch(/pawn stands on h8/);
    expect(rejection('(pn)3k3/8/8/8/8/8/8/4K3 w - - 0 1')).toMatch(/pawn stands on a8/);
  });

  it('a side without exactly one king', () => {
    expect(rejection('8/8/8/8/8/8/8/4K3 w - - 0 1')).toMatch(/black has 0 kings/);
    expect(rejection('3kk3/8/8/8/8/8/8/4K3 w - - 0 1')).toMatch(/black has 2 kings/);
    expect(rejection('4k3/8/8/8/8/8/8/3KK3 w - - 0 1')).toMatch(/white has 2 kings/);
  });

  it('the side not to move in check, by a lone piece or a piece in a box', () => {
    expect(rejection('4k3/8/8/8/8/8/8/4R1K1 w - - 0 1')).toMatch(/side not to move \(black\) is in check/);
    expect(rejection('4k3/8/8/8/4(PR)3/8/8/6K1 w - - 0 1')).toMatch(/\(black\) is in check/);
    expect(rejection('4k3/8/8/8/8/8/3(pn)4/4K3 b - - 0 1')).toMatch(/\(white\) is in check/);
    // The same position is fine with the checked side to move.
    expect(parseSbfen('4k3/8/8/8/8/8/8/4R1K1 b - - 0 1').ok).toBe(true);
  });

  it('a bad castling field', () => {
    expect(rejection('r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1')).toMatch(/unexpected character 'X'.*castling/);
    expect(rejection('r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1')).toMatch(/castling field 'KK' repeats 'K'/);
  });

  it('a bad en passant field', () => {
    expect(rejection('4k3/8/8/8/8/8/8/4K3 w - e9 0 1')).toMatch(/en passant field.*'e9'/);
    // No black pawn in front of e6.
    expect(rejection('4k3/8/8/8/8/8/8/4K3 w - e6 0 1')).toMatch(
      /en passant square e6 does not follow a double step/,
    );
    // The wrong rank for the side to move.
    expect(rejection('rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2')).toMatch(/e3/);
  });

  it('bad clocks', () => {
    expect(rejection('4k3/8/8/8/8/8/8/4K3 w - - x 1')).toMatch(/halfmove clock.*'x'/);
    expect(rejection('4k3/8/8/8/8/8/8/4K3 w - - -1 1')).toMatch(/halfmove clock.*'-1'/);
    expect(rejection('4k3/8/8/8/8/8/8/4K3 w - - 0 0')).toMatch(/fullmove number.*'0'/);
    expect(rejection('4k3/8/8/8/8/8/8/4K3 w - - 0 1.5')).toMatch(/fullmove number.*'1.5'/);
  });

  it('boxes in standard mode', () => {
    const text = 'rnbqkbnr/pppp1ppp/8/4p3/8/3(PQ)4/PPP1PPPP/RNB1KBNR b KQkq - 1 2';
    expect(rejection(text, true)).toMatch(/boxes are not allowed in standard chess.*'\(PQ\)' on d3/);
    expect(parseSbfen(text).ok).toBe(true);
    expect(parseSbfen(START_SBFEN, true).ok).toBe(true);
  });
});

import { resolveMoveText } from '@sbc/game';
import { type Move, type Position, parseSbfen, type Result } from '@sbc/rules';

/**
 * A game's current position with the hash keys of the positions before it, which the search
 * needs to see repetitions. Every decision counts, the defender choice included.
 */
export class Line {
  /** [lo, hi] pairs, oldest first, one per decision played. */
  readonly keys: number[] = [];

  constructor(readonly pos: Position) {}

  /** Sets up from SBFEN and move text (RULES.md 8); a bad move's error names it and its number. */
  static from(sbfen: string, moves: readonly string[], standard: boolean): Result<Line> {
    const parsed = parseSbfen(sbfen, standard);
    if (!parsed.ok) return { ok: false, error: `invalid SBFEN: ${parsed.error}` };
    const line = new Line(parsed.value);
    for (let i = 0; i < moves.length; i++) {
      const m = resolveMoveText(line.pos, moves[i]);
      if (!m.ok) return { ok: false, error: `move ${i + 1} '${moves[i]}': ${m.error}` };
      line.play(m.value);
    }
    return { ok: true, value: line };
  }

  play(m: Move): void {
    this.keys.push(this.pos.hashLo, this.pos.hashHi);
    this.pos.play(m);
  }

  undo(): void {
    this.keys.length -= 2;
    this.pos.undo();
  }
}

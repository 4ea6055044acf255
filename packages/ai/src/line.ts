import { resolveMoveText } from '@sbc/game';
import { err, type Move, ok, type Position, parseSbfen, type Result } from '@sbc/rules';

/**
 * A game's current position with the hash keys of the positions before it, which the search
 * needs to see repetitions. Every decision counts, the defender choice included.
 */
export class Line {
  /** [lo, hi] pairs, oldest first, one per decision played. */
  readonly keys: number[] = [];

  constructor(readonly pos: Position) {}

  /**
   * Sets up from SBFEN and move text (docs/rules.md, appendix "SBFEN and move text"); a bad move's
   * error names it and its number.
   */
  static from(sbfen: string, moves: readonly string[], standard: boolean): Result<Line, string> {
    const parsed = parseSbfen(sbfen, standard);
    if (!parsed.ok) return err(`invalid SBFEN: ${parsed.error.message}`);
    const line = new Line(parsed.value);
    for (let i = 0; i < moves.length; i++) {
      const m = resolveMoveText(line.pos, moves[i]);
      if (!m.ok) return err(`move ${i + 1} '${moves[i]}': ${m.error.message}`);
      line.play(m.value);
    }
    return ok(line);
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

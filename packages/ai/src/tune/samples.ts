/**
 * Tuning positions (docs/engine.md §11): quiet positions of finished games, each with the game's
 * result. A file holds one mode, named on its first line, then one position a line: white's
 * result (1, 0.5, 0) and the SBFEN.
 */
import { resolveMoveText } from '@sbc/game';
import { isCapture, movePromotion, parseSbfen, START_SBFEN, writeSbfen } from '@sbc/rules';
import type { GameResult } from '../match-game.ts';
import type { Sample } from './texel.ts';

const HEADER = '# sbc tuning positions, mode ';

export const WHITE_SCORE: Record<GameResult, number> = { '1-0': 1, '1/2-1/2': 0.5, '0-1': 0 };

/**
 * The quiet positions of a game from ply `from` on, as SBFEN: complete (no defender choice
 * waiting), not in check, and the move played there neither captures nor promotes, so that no
 * exchange in flight fools the static evaluation.
 */
export function quietPositions(moves: readonly string[], from: number, standard: boolean): string[] {
  const start = parseSbfen(START_SBFEN, standard);
  if (!start.ok) throw new Error(start.error.message);
  const pos = start.value;
  const out: string[] = [];
  moves.forEach((text, ply) => {
    const m = resolveMoveText(pos, text);
    if (!m.ok) throw new Error(`move ${ply + 1} '${text}': ${m.error.message}`);
    const quiet = pos.pendingSquare < 0 && !pos.inCheck() && !isCapture(m.value) && !movePromotion(m.value);
    if (ply >= from && quiet) out.push(writeSbfen(pos));
    pos.play(m.value);
  });
  return out;
}

export const fileHeader = (standard: boolean): string => `${HEADER}${standard ? 'chess' : 'sharedbox'}`;

export const sampleLine = (result: number, sbfen: string): string => `${result} ${sbfen}`;

/** Calls `each` with every position of a file, one at a time; a bad line's error names its number. */
export function eachSample(text: string, each: (sample: Sample) => void): void {
  const [header, ...lines] = text.split('\n');
  if (!header.startsWith(HEADER)) throw new Error(`not a tuning file: the first line must start '${HEADER}'`);
  const standard = header.slice(HEADER.length).trim() === 'chess';
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const at = line.indexOf(' ');
    const result = Number(line.slice(0, at));
    const pos = parseSbfen(line.slice(at + 1), standard);
    if (!(result === 0 || result === 0.5 || result === 1) || !pos.ok)
      throw new Error(`line ${i + 2}: expected a result (1, 0.5, 0) and an SBFEN, found '${line}'`);
    each({ pos: pos.value, result });
  });
}

/** Reads a file of positions. */
export function readSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  eachSample(text, (sample) => samples.push(sample));
  return samples;
}

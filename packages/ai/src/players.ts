/**
 * The sides of a match game: a level of this engine (in-process) or a UCI engine process. Both
 * answer a position with move text and, when they searched, a score from the mover's side.
 */
import { isLevel, type Level } from '@sbc/game';
import { Engine, type ThinkLimits } from './engine.ts';
import type { Line } from './line.ts';
import { moveRandom } from './random.ts';
import { type Budget, UciEngine } from './uci-client.ts';
import { warmUp } from './worker/host.ts';

/** A level, `full` (full strength, no book: needs a budget), or `uci:<shell command>`. */
export type PlayerSpec =
  | { level: Level | 'full' }
  | { uci: string; options: [name: string, value: string][] };

export interface PlayerMove {
  text: string;
  score?: number;
}

export interface Player {
  newGame(): Promise<void>;
  /** The move after `moves` (move text from the start) in `line`'s position. */
  move(line: Line, moves: readonly string[], seed: number): Promise<PlayerMove>;
  close(): Promise<void>;
}

export const UCI_PREFIX = 'uci:';

/** Reads a side's name from the command line; an error message instead when it is none of them. */
export function parsePlayer(text: string, options: [string, string][]): PlayerSpec | string {
  if (text.startsWith(UCI_PREFIX)) {
    const command = text.slice(UCI_PREFIX.length).trim();
    return command ? { uci: command, options } : `'${UCI_PREFIX}' needs a shell command after it`;
  }
  if (options.length) return `engine options only apply to a '${UCI_PREFIX}<command>' side`;
  if (text === 'full' || isLevel(text)) return { level: text };
  return `'${text}' is neither easy, medium, hard, full nor ${UCI_PREFIX}<command>`;
}

export function playerLabel(spec: PlayerSpec): string {
  if ('level' in spec) return spec.level;
  const options = spec.options.map(([name, value]) => ` ${name}=${value}`).join('');
  return `${UCI_PREFIX}${spec.uci}${options}`;
}

/**
 * A level of this engine in-process; `limits` (a fixed movetime, say) replace only the level's
 * time, as in UCI. `full` plays without level and book. Warmed up like the UCI engine's worker,
 * so that its first moves are not searched by a cold engine.
 */
export class LevelPlayer implements Player {
  private readonly engine = new Engine();

  constructor(
    private readonly level: Level | 'full',
    private readonly limits?: ThinkLimits,
  ) {
    warmUp(this.engine);
  }

  async newGame(): Promise<void> {
    this.engine.newGame();
  }

  async move(line: Line, moves: readonly string[], seed: number): Promise<PlayerMove> {
    const level = this.level === 'full' ? undefined : this.level;
    const nodes = this.limits?.nodes && varied(this.limits.nodes, seed, moves.length);
    const limits = nodes ? { ...this.limits, nodes } : this.limits;
    const answer = this.engine.think(line, { level, seed, limits });
    return { text: answer.text, score: answer.source === 'search' ? answer.score : undefined };
  }

  async close(): Promise<void> {}
}

export class UciPlayer implements Player {
  private constructor(
    private readonly engine: UciEngine,
    private readonly budget: Budget,
  ) {}

  static async start(
    spec: { uci: string; options: [string, string][] },
    standard: boolean,
    budget: Budget,
  ): Promise<UciPlayer> {
    return new UciPlayer(await UciEngine.start(spec.uci, spec.options, standard), budget);
  }

  newGame(): Promise<void> {
    return this.engine.newGame();
  }

  move(_line: Line, moves: readonly string[], seed: number): Promise<PlayerMove> {
    const { nodes } = this.budget;
    return this.engine.bestMove(moves, nodes ? { nodes: varied(nodes, seed, moves.length) } : this.budget);
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

/**
 * A node budget, varied by up to 10 % either way from move to move (by the game's seed): searches
 * of a fixed size are deterministic, and without it two games from one opening would replay each
 * other move for move.
 */
export function varied(nodes: number, seed: number, ply: number): number {
  return Math.max(1, Math.round(nodes * (0.9 + 0.2 * moveRandom(seed, ply)())));
}

/** Starts the player `spec` describes, spending `budget` a move (a UCI engine needs one). */
export async function startPlayer(spec: PlayerSpec, standard: boolean, budget: Budget): Promise<Player> {
  const { movetimeMs, nodes } = budget;
  if ('level' in spec)
    return new LevelPlayer(spec.level, movetimeMs ? { timeMs: movetimeMs } : nodes ? { nodes } : undefined);
  if (!movetimeMs && !nodes) throw new Error('a UCI engine needs --movetime or --nodes');
  return UciPlayer.start(spec, standard, budget);
}

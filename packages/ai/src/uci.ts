/**
 * `npm run -s uci`: the engine over UCI on stdin/stdout. Moves in and out are move text
 * (docs/rules.md, appendix "SBFEN and move text": plain UCI in ordinary chess, plus the letter of
 * the piece leaving a box and `sac=X` for a defender choice). The search runs in a worker thread,
 * so `stop`, `isready` and `quit` are answered while it thinks. Bad input gets an `info string`
 * saying why; nothing a GUI sends can crash the engine.
 */
import { createInterface } from 'node:readline';
import { isLevel, LEVEL_NAMES, type Level } from '@sbc/game';
import { START_SBFEN } from '@sbc/rules';
import type { ThinkLimits } from './engine.ts';
import { Line } from './line.ts';
import { mateMoves } from './score.ts';
import type { RunningSearch } from './worker/client.ts';
import { createNodeEngine } from './worker/node.ts';
import type { Progress } from './worker/protocol.ts';

const say = (text: string): void => {
  process.stdout.write(`${text}\n`);
};
const info = (text: string): void => say(`info string ${text}`);
const SEED_MAX = 2 ** 31 - 1;

let standard = false;
let level: Level | undefined;
/** The Seed option; 0 (the default) leaves the level's choices to Math.random. */
let seed = 0;
let sbfen = START_SBFEN;
let moves: string[] = [];
let line = Line.from(sbfen, moves, standard);
const engine = createNodeEngine();
let running: { search: RunningSearch; infinite: boolean; stopped: boolean; bestmove?: string } | null = null;

/** UCI score: centipawns, or moves to mate (a defender choice counts as half a move, like a ply). */
function uciScore(score: number): string {
  const mate = mateMoves(score);
  return mate === null ? `cp ${score}` : `mate ${mate}`;
}

function report(p: Progress): void {
  const pv = p.pv.length ? ` pv ${p.pv.join(' ')}` : '';
  say(`info depth ${p.depth} score ${uciScore(p.score)} nodes ${p.nodes} nps ${p.nps} time ${p.timeMs}${pv}`);
}

function setPosition(args: string[]): void {
  let fen: string;
  let rest: string[];
  if (args[0] === 'startpos') {
    fen = START_SBFEN;
    rest = args.slice(1);
  } else if (args[0] === 'fen') {
    const end = args.indexOf('moves');
    const fields = args.slice(1, end < 0 ? undefined : end);
    if (fields.length !== 6) {
      info(`position fen needs the 6 fields of an SBFEN, found ${fields.length}; position unchanged`);
      return;
    }
    fen = fields.join(' ');
    rest = end < 0 ? [] : args.slice(end);
  } else {
    info(`position needs 'startpos' or 'fen <SBFEN>', found '${args[0] ?? ''}'; position unchanged`);
    return;
  }
  if (rest.length > 0 && rest[0] !== 'moves') {
    info(`expected 'moves' after the position, found '${rest[0]}'; position unchanged`);
    return;
  }
  const base = Line.from(fen, [], standard);
  if (!base.ok) {
    info(`${base.error}; position unchanged`);
    return;
  }
  sbfen = fen;
  moves = [];
  line = base;
  // Keep the legal prefix of the moves: the error names the first bad one.
  for (const text of rest.slice(1)) {
    const next = Line.from(sbfen, [...moves, text], standard);
    if (!next.ok) {
      info(`${next.error}; position set up to the move before it`);
      return;
    }
    moves.push(text);
    line = next;
  }
}

/** Reads `go`'s arguments; an error message instead when one is malformed. */
function goLimits(args: string[]): { limits: ThinkLimits; infinite: boolean } | string {
  const numbers = new Map<string, number>();
  let infinite = false;
  const known = ['movetime', 'depth', 'nodes', 'wtime', 'btime', 'winc', 'binc', 'movestogo'];
  for (let i = 0; i < args.length; i++) {
    const key = args[i];
    if (key === 'infinite') infinite = true;
    else if (key === 'ponder') return `ponder is not supported`;
    else if (known.includes(key)) {
      const value = Number(args[++i]);
      if (!Number.isFinite(value) || value < 0)
        return `go ${key} needs a number from 0, found '${args[i] ?? ''}'`;
      numbers.set(key, value);
    } else return `unknown go parameter '${key}'`;
  }
  const limits: ThinkLimits = { infinite };
  if (numbers.has('depth')) limits.depth = Math.max(1, Math.floor(numbers.get('depth') ?? 1));
  if (numbers.has('nodes')) limits.nodes = Math.max(1, Math.floor(numbers.get('nodes') ?? 1));
  if (numbers.has('movetime')) limits.timeMs = numbers.get('movetime');
  const white = line.ok && line.value.pos.turn === 0;
  const clock = numbers.get(white ? 'wtime' : 'btime');
  if (clock !== undefined && !numbers.has('movetime')) {
    // Clock play: aim for a share of what is left, never risk more than a fifth of it.
    const increment = numbers.get(white ? 'winc' : 'binc') ?? 0;
    const togo = numbers.get('movestogo') ?? 30;
    const share = clock / Math.max(togo, 1) + 0.75 * increment;
    limits.softTimeMs = Math.max(1, Math.min(share, clock / 5));
    limits.timeMs = Math.max(1, Math.min(3 * share, clock / 5));
  }
  return { limits, infinite };
}

/** A `go` that came after `stop` but before that search's answer: it starts right after it. */
let queuedGo: string[] | null = null;

function go(args: string[]): void {
  if (running?.stopped) {
    queuedGo = args;
    return;
  }
  if (running) {
    info('a search is already running; send stop first');
    return;
  }
  if (!line.ok) {
    info(`no valid position: ${line.error}`);
    return;
  }
  const parsed = goLimits(args);
  if (typeof parsed === 'string') {
    info(parsed);
    return;
  }
  const { limits, infinite } = parsed;
  // A bare `go` without a level is a full-strength search until `stop`.
  const unbounded = limits.timeMs === undefined && limits.depth === undefined && limits.nodes === undefined;
  const search = engine.search(
    { sbfen, moves, standard, level, limits, book: level !== undefined, seed: seed || undefined },
    report,
  );
  const current = {
    search,
    infinite: infinite || (unbounded && !level),
    stopped: false,
    bestmove: undefined as string | undefined,
  };
  running = current;
  search.answer.then(
    (answer) => {
      if (answer.source !== 'search' && answer.text) info(`${answer.source} move`);
      if (!answer.text) info('no legal move in this position');
      current.bestmove = `bestmove ${answer.text || '0000'}`;
      // In infinite mode the answer waits for `stop`, as UCI requires.
      if (!current.infinite || current.stopped) finish(current);
    },
    (e: Error) => {
      info(`search failed: ${e.message}`);
      current.bestmove = 'bestmove 0000';
      finish(current);
    },
  );
}

function finish(current: NonNullable<typeof running>): void {
  if (running !== current || !current.bestmove) return;
  say(current.bestmove);
  running = null;
  if (queuedGo) {
    const args = queuedGo;
    queuedGo = null;
    go(args);
  }
}

function stop(): void {
  if (!running) return;
  running.stopped = true;
  running.search.cancel();
  finish(running);
}

function setOption(args: string[]): void {
  const nameAt = args.indexOf('name');
  const valueAt = args.indexOf('value');
  if (nameAt < 0) {
    info("setoption needs 'name <option> [value <value>]'");
    return;
  }
  const name = args.slice(nameAt + 1, valueAt < 0 ? undefined : valueAt).join(' ');
  const value = valueAt < 0 ? '' : args.slice(valueAt + 1).join(' ');
  if (name.toLowerCase() === 'uci_variant') {
    if (value !== 'sharedbox' && value !== 'chess') {
      info(`UCI_Variant must be sharedbox or chess, found '${value}'`);
      return;
    }
    standard = value === 'chess';
    setPosition(['fen', ...sbfen.split(' '), 'moves', ...moves]);
    if (!line.ok) setPosition(['startpos']);
  } else if (name.toLowerCase() === 'level') {
    if (value === 'full') level = undefined;
    else if (isLevel(value)) level = value;
    else info(`Level must be one of full, ${LEVEL_NAMES.join(', ')}; found '${value}'`);
  } else if (name.toLowerCase() === 'seed') {
    const n = Number(value);
    if (Number.isInteger(n) && n >= 0 && n <= SEED_MAX) seed = n;
    else info(`Seed must be a whole number from 0 to ${SEED_MAX}, found '${value}'`);
  } else info(`unknown option '${name}'`);
}

function handle(input: string): void {
  const [command, ...args] = input.trim().split(/\s+/);
  switch (command) {
    case '':
      return;
    case 'uci':
      say('id name Shared Box Chess 0.1');
      say('id author Shared Box Chess developers');
      say('option name UCI_Variant type combo default sharedbox var sharedbox var chess');
      say(`option name Level type combo default full var ${['full', ...LEVEL_NAMES].join(' var ')}`);
      say(`option name Seed type spin default 0 min 0 max ${SEED_MAX}`);
      say('uciok');
      return;
    case 'isready':
      // Answered once the worker has loaded, so that a following `go` starts thinking at once.
      engine.ready.then(() => say('readyok'));
      return;
    case 'debug':
      return;
    // The running search has its own copy of the position, and the worker takes requests in
    // order: these may come at any time.
    case 'ucinewgame':
      engine.newGame();
      return;
    case 'setoption':
      setOption(args);
      return;
    case 'position':
      setPosition(args);
      return;
    case 'go':
      go(args);
      return;
    case 'stop':
      stop();
      return;
    case 'quit':
      engine.terminate();
      process.exit(0);
      return;
    default:
      info(`unknown command '${command}'`);
  }
}

const input = createInterface({ input: process.stdin, terminal: false });
input.on('line', (text) => {
  try {
    handle(text);
  } catch (e) {
    info(`error: ${e instanceof Error ? e.message : String(e)}`);
  }
});
input.on('close', () => {
  // End of input: finish a running search's answer, then leave.
  if (running) {
    const current = running;
    current.stopped = true;
    current.search.cancel();
    current.search.answer.finally(() => {
      finish(current);
      process.exit(0);
    });
  } else process.exit(0);
});

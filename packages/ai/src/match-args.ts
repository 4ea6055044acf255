/** The command line of `npm run -s match` (docs/engine.md §8), read into a match's settings. */
import { err, ok, type Result } from '@sbc/rules';
import { type PlayerSpec, parsePlayer, UCI_PREFIX } from './players.ts';

export const USAGE = [
  'usage: match --a <side> --b <side> --games N [--standard] [--movetime MS | --nodes N] [--threads T] [--seed S]',
  '             [--a-option NAME=VALUE]... [--b-option NAME=VALUE]... [--ladder ELO,ELO,...]',
  `  side: easy | medium | hard | full | ${UCI_PREFIX}<shell command>  (full and UCI engines need --movetime or --nodes)`,
  "  --nodes: each move searches this many nodes, whatever the machine's load (tests of search changes)",
  '  --ladder: B is a UCI engine played at each UCI_Elo in turn, --games games per rung',
].join('\n');

export interface MatchSettings {
  a: PlayerSpec;
  b: PlayerSpec;
  /** Games in all, or per rung of a ladder. */
  games: number;
  standard: boolean;
  movetimeMs?: number;
  /** Nodes per move instead of time. */
  nodes?: number;
  threads: number;
  seed: number;
  /** UCI_Elo of each rung, empty without a ladder. */
  ladder: number[];
}

const VALUED = [
  '--a',
  '--b',
  '--games',
  '--movetime',
  '--nodes',
  '--threads',
  '--seed',
  '--ladder',
  '--a-option',
  '--b-option',
];

function wholeNumber(text: string | undefined, name: string, min: number): Result<number, string> {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n >= min
    ? ok(n)
    : err(`${name} must be a whole number from ${min}, found '${text ?? ''}'`);
}

/** Reads `argv`; `defaults` supplies the thread count and the random seed when not given. */
export function parseMatchArgs(
  argv: readonly string[],
  defaults: { threads: number; seed: number },
): Result<MatchSettings, string> {
  const values = new Map<string, string>();
  const options: Record<'a' | 'b', [string, string][]> = { a: [], b: [] };
  let standard = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--standard') standard = true;
    else if (!VALUED.includes(arg)) return err(`unexpected argument '${arg}'`);
    else if (argv[i + 1] === undefined) return err(`${arg} needs a value`);
    else if (arg === '--a-option' || arg === '--b-option') {
      const text = argv[++i];
      const at = text.indexOf('=');
      if (at <= 0) return err(`${arg} must be NAME=VALUE, found '${text}'`);
      options[arg === '--a-option' ? 'a' : 'b'].push([text.slice(0, at), text.slice(at + 1)]);
    } else if (values.has(arg)) return err(`${arg} given twice`);
    else values.set(arg, argv[++i]);
  }
  const sides: PlayerSpec[] = [];
  for (const side of ['a', 'b'] as const) {
    const text = values.get(`--${side}`);
    if (text === undefined) return err(`--${side} is missing`);
    const spec = parsePlayer(text, options[side]);
    if (typeof spec === 'string') return err(`--${side}: ${spec}`);
    sides.push(spec);
  }
  const games = wholeNumber(values.get('--games'), '--games', 1);
  if (!games.ok) return games;
  const threads = values.has('--threads')
    ? wholeNumber(values.get('--threads'), '--threads', 1)
    : ok(defaults.threads);
  if (!threads.ok) return threads;
  const seed = values.has('--seed') ? wholeNumber(values.get('--seed'), '--seed', 0) : ok(defaults.seed);
  if (!seed.ok) return seed;
  if (values.has('--movetime') && values.has('--nodes')) return err('give --movetime or --nodes, not both');
  let movetimeMs: number | undefined;
  let nodes: number | undefined;
  if (values.has('--movetime')) {
    const movetime = wholeNumber(values.get('--movetime'), '--movetime', 1);
    if (!movetime.ok) return movetime;
    movetimeMs = movetime.value;
  } else if (values.has('--nodes')) {
    const count = wholeNumber(values.get('--nodes'), '--nodes', 1);
    if (!count.ok) return count;
    nodes = count.value;
  } else if (sides.some((s) => 'uci' in s || s.level === 'full'))
    return err('--movetime or --nodes is required when a side is full or a UCI engine');
  const ladder: number[] = [];
  if (values.has('--ladder')) {
    if (!('uci' in sides[1])) return err('--ladder needs a UCI engine as --b');
    for (const text of (values.get('--ladder') ?? '').split(',')) {
      const rung = wholeNumber(text, '--ladder ratings', 0);
      if (!rung.ok) return rung;
      ladder.push(rung.value);
    }
  }
  return ok({
    a: sides[0],
    b: sides[1],
    games: games.value,
    standard,
    movetimeMs,
    nodes,
    threads: threads.value,
    seed: seed.value,
    ladder,
  });
}

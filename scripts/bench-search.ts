/**
 * `npx tsx scripts/bench-search.ts [--time <ms>] [--against <commit> [--interleaved]] [--rounds <n>]
 * [--standard] [--eval material|standard|advanced]`: search speed of packages/ai at full strength
 * from the start position and from a box-rich middlegame (10 s each by default, after a warm-up
 * run), the CPU time each takes to a fixed depth (12 and 11), then the depth the hard level reaches
 * in its own scaled think time in the middlegame. Prints nodes/s by wall clock and by the
 * process's CPU time (the two differ when other processes share the cores).
 *
 * `--standard` measures ordinary chess instead (standard mode, as the Stockfish ladder plays it):
 * the start position and a queen's gambit middlegame, to depths 13 and 12. `--eval <kind>`
 * searches with that evaluation instead of the full-strength one: `material` leaves the board, the
 * move generator, the ordering and the search's own work, which bounds what a faster evaluation
 * alone can give.
 *
 * `--against <commit>` extracts that commit's packages into a temporary folder and measures its
 * engine and this checkout's in the same run, each in its own process, alternately for `--rounds`
 * rounds (1 by default), then prints both side by side. With `--interleaved` both engines run in
 * this one process instead, their searches to the fixed depths alternated, round after round,
 * with the running speed-up: the figure to trust on a machine whose speed drifts.
 */
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { flag, load, option } from './bench/cli.ts';

const STANDARD = flag('--standard');
/** Name, SBFEN ('' for the start position) and the fixed depth to time: the start, then a middlegame. */
const POSITIONS = STANDARD
  ? ([
      ['start position (standard)', '', 13],
      [
        "queen's gambit middlegame (standard)",
        'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9',
        12,
      ],
    ] as const)
  : ([
      ['start position', '', 12],
      [
        'box-rich middlegame',
        'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14',
        11,
      ],
    ] as const);
const MIDDLEGAME = POSITIONS[1][1];
const evalAt = process.argv.indexOf('--eval');
/** The evaluation to search with instead of the full-strength one, if any. */
const EVAL = evalAt > 0 ? process.argv[evalAt + 1] : undefined;
if (EVAL !== undefined && !['material', 'standard', 'advanced'].includes(EVAL))
  throw new Error(`--eval takes material, standard or advanced, not '${EVAL}'`);
const REPO = resolve(import.meta.dirname, '..');

interface Search {
  nodes: number;
  timeMs: number;
  cpuMs: number;
  depth: number;
}

interface Figure extends Search {
  name: string;
  /** The search to the fixed depth. */
  fixed: Search;
}

interface Run {
  figures: Figure[];
  /** The hard level in the middlegame. */
  hard: { thinkMs: number; depth: number; nodes: number; timeMs: number };
  load: string;
}

/**
 * The engine of the checkout at `root` (its packages/ai and packages/rules sources), warmed up:
 * `timed` runs one search from a fresh start (an empty table, no history) and times it.
 */
async function engineAt(root: string) {
  const ai = await import(pathToFileURL(join(root, 'packages/ai/src/index.ts')).href);
  const rules = await import(pathToFileURL(join(root, 'packages/rules/src/index.ts')).href);
  const line = (sbfen: string) => {
    const l = ai.Line.from(sbfen || rules.START_SBFEN, [], STANDARD);
    if (!l.ok) throw new Error(l.error);
    return l.value;
  };
  const engine = new ai.Engine();
  // With `--eval`, a searcher of its own: the engine searches with a level's evaluation or the
  // full-strength one.
  const searcher = EVAL === undefined ? undefined : new ai.Searcher();
  const config = { kind: EVAL, boxBonus: ai.FULL_STRENGTH.boxBonus };
  const think = (sbfen: string, limits: object) => {
    const l = line(sbfen);
    return searcher ? searcher.search(l.pos, [], config, limits) : engine.think(l, { limits });
  };
  think(MIDDLEGAME, { timeMs: 3000 });
  const timed = (sbfen: string, limits: object): Search => {
    engine.newGame();
    searcher?.clear();
    const cpu = process.cpuUsage();
    const r = think(sbfen, limits);
    const used = process.cpuUsage(cpu);
    return { nodes: r.nodes, timeMs: r.timeMs, cpuMs: (used.user + used.system) / 1000, depth: r.depth };
  };
  return { ai, rules, line, engine, timed };
}

/** Measures the engine of the checkout at `root`. */
async function measure(root: string, timeMs: number): Promise<Run> {
  const { ai, rules, line, engine, timed } = await engineAt(root);
  const figures: Figure[] = [];
  for (const [name, sbfen, depth] of POSITIONS) {
    const fixed = timed(sbfen, { depth });
    figures.push({ name, ...timed(sbfen, { timeMs }), fixed });
  }
  const l = line(MIDDLEGAME);
  const thinkMs = ai.scaledThinkTime(
    'hard',
    l.pos.boxes,
    rules.generateLegal(l.pos, new Int32Array(rules.MAX_MOVES)),
  );
  engine.newGame();
  const r = engine.think(l, { level: 'hard' });
  return { figures, hard: { thinkMs, depth: r.depth, nodes: r.nodes, timeMs: r.timeMs }, load: load() };
}

const perSecond = (nodes: number, ms: number): number => Math.round((nodes * 1000) / ms);

function print(run: Run, label = ''): void {
  for (const f of run.figures) {
    console.log(
      `${label}${f.name}: ${f.nodes} nodes in ${Math.round(f.timeMs)} ms, depth ${f.depth}, ` +
        `${perSecond(f.nodes, f.timeMs)} nodes/s wall, ${perSecond(f.nodes, f.cpuMs)} nodes/s CPU; ` +
        `to depth ${f.fixed.depth}: ${f.fixed.nodes} nodes, ${Math.round(f.fixed.cpuMs)} ms CPU`,
    );
  }
  const h = run.hard;
  console.log(
    `${label}hard in the middlegame: think time ${h.thinkMs} ms, depth ${h.depth}, ${h.nodes} nodes, ` +
      `${Math.round(h.timeMs)} ms (load average ${run.load})`,
  );
}

/** Extracts `commit`'s packages into a temporary folder whose node_modules resolve `@sbc/*` to them. */
function checkout(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sbc-bench-'));
  execSync(`git archive ${commit} packages | tar -x -C ${dir}`, { cwd: REPO });
  mkdirSync(join(dir, 'node_modules/@sbc'), { recursive: true });
  for (const name of readdirSync(join(dir, 'packages'))) {
    symlinkSync(join(dir, 'packages', name), join(dir, 'node_modules/@sbc', name));
  }
  return dir;
}

/** One measurement in a fresh process (its own JIT and heap), as JSON. */
function child(root: string, timeMs: number): Run {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(REPO, 'scripts/bench-search.ts'),
      '--root',
      root,
      '--time',
      String(timeMs),
      ...(STANDARD ? ['--standard'] : []),
      ...(EVAL === undefined ? [] : ['--eval', EVAL]),
    ],
    { cwd: REPO, encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string);
}

/** `--against`: each engine in a process of its own, alternately, for `rounds` rounds. */
function versus(commit: string, dir: string, rounds: number): void {
  const runs: { old: Run; now: Run }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const old = child(dir, timeMs);
    print(old, `[${commit}] `);
    const now = child(REPO, timeMs);
    print(now, '[this checkout] ');
    runs.push({ old, now });
  }
  console.log(`\n| round | figure | ${commit} | this checkout | speed-up (CPU) |`);
  console.log('| --: | --- | --: | --: | --: |');
  runs.forEach(({ old, now }, r) => {
    old.figures.forEach((o, i) => {
      const n = now.figures[i];
      const cpuOld = perSecond(o.nodes, o.cpuMs);
      const cpuNow = perSecond(n.nodes, n.cpuMs);
      console.log(
        `| ${r + 1} | ${o.name}, nodes/s CPU (wall) | ${cpuOld} (${perSecond(o.nodes, o.timeMs)}) | ` +
          `${cpuNow} (${perSecond(n.nodes, n.timeMs)}) | ${(cpuNow / cpuOld).toFixed(2)} |`,
      );
      console.log(
        `| ${r + 1} | ${o.name}, ms CPU to depth ${o.fixed.depth} (nodes) | ${Math.round(o.fixed.cpuMs)} (${o.fixed.nodes}) | ` +
          `${Math.round(n.fixed.cpuMs)} (${n.fixed.nodes}) | ${(o.fixed.cpuMs / n.fixed.cpuMs).toFixed(2)} |`,
      );
    });
    console.log(`| ${r + 1} | hard's depth in the middlegame | ${old.hard.depth} | ${now.hard.depth} | |`);
  });
}

/**
 * `--against <commit> --interleaved`: the two engines in this one process, their searches to the
 * fixed depths alternated (which one goes first swaps every round). This machine's speed for the
 * search drifts by a third within a minute while a loop inside the first-level cache varies by a
 * few per cent (docs/benchmarks-log.md); interleaved, whatever drifts slows both alike.
 */
async function interleaved(commit: string, dir: string, rounds: number): Promise<void> {
  const sides = [await engineAt(dir), await engineAt(REPO)];
  const totals = sides.map(() => POSITIONS.map(() => ({ nodes: 0, cpuMs: 0 })));
  const rate = (s: number) =>
    perSecond(
      totals[s].reduce((sum, t) => sum + t.nodes, 0),
      totals[s].reduce((sum, t) => sum + t.cpuMs, 0),
    );
  for (let round = 1; round <= rounds; round++) {
    POSITIONS.forEach(([, sbfen, depth], i) => {
      for (const s of round % 2 ? [0, 1] : [1, 0]) {
        const r = sides[s].timed(sbfen, { depth });
        totals[s][i].nodes += r.nodes;
        totals[s][i].cpuMs += r.cpuMs;
      }
    });
    console.log(
      `after round ${round}: ${commit} ${rate(0)} nodes/s CPU, this checkout ${rate(1)}, ` +
        `speed-up ${(rate(1) / rate(0)).toFixed(3)} (load average ${load()})`,
    );
  }
  console.log(`\n| figure, ${rounds} rounds interleaved | ${commit} | this checkout | speed-up (CPU) |`);
  console.log('| --- | --: | --: | --: |');
  POSITIONS.forEach(([name, , depth], i) => {
    const [o, n] = totals.map((t) => t[i]);
    const [before, after] = [perSecond(o.nodes, o.cpuMs), perSecond(n.nodes, n.cpuMs)];
    console.log(
      `| ${name} to depth ${depth}, nodes/s CPU (nodes a search) | ${before} (${o.nodes / rounds}) | ` +
        `${after} (${n.nodes / rounds}) | ${(after / before).toFixed(2)} |`,
    );
  });
}

const timeMs = option('--time', 10_000);
const rootAt = process.argv.indexOf('--root');
const againstAt = process.argv.indexOf('--against');
if (rootAt > 0) console.log(JSON.stringify(await measure(process.argv[rootAt + 1], timeMs)));
else if (againstAt < 0) print(await measure(REPO, timeMs));
else {
  const commit = process.argv[againstAt + 1];
  const dir = checkout(commit);
  const rounds = option('--rounds', 1);
  try {
    if (flag('--interleaved')) await interleaved(commit, dir, rounds);
    else versus(commit, dir, rounds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:perft`: perft speed of packages/rules against chessops and chess.js in standard
 * chess, then of packages/rules on the public Shared Box Chess positions. Every count is checked
 * against its expected value. Each figure is the fastest of 5 timed runs after a warm-up run: on a
 * shared machine the fastest run is the one least disturbed by other processes.
 */
import { Chess as ChessJs } from 'chess.js';
import { Chess } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
import { perft } from '../packages/rules/src/perft.ts';
import { parseSbfen } from '../packages/rules/src/sbfen.ts';
import { publicCases, standardCases } from '../packages/rules/test/perft-cases.ts';

const RUNS = 5;

function ours(sbfen: string, depth: number, standard: boolean): number {
  const parsed = parseSbfen(sbfen, standard);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return perft(parsed.value, depth);
}

function chessops(fen: string, depth: number): number {
  return chessopsPerft(Chess.fromSetup(parseFen(fen).unwrap()).unwrap(), depth);
}

/** chess.js through its public API, counting the moves of the last ply without playing them. */
function chessJsApi(fen: string, depth: number): number {
  const game = new ChessJs(fen);
  const walk = (d: number): number => {
    const moves = game.moves({ verbose: false });
    if (d === 1) return moves.length;
    let nodes = 0;
    for (const m of moves) {
      game.move(m);
      nodes += walk(d - 1);
      game.undo();
    }
    return nodes;
  };
  return depth === 0 ? 1 : walk(depth);
}

/** chess.js's own `perft` method (it plays every leaf move too). */
function chessJsBuiltin(fen: string, depth: number): number {
  return new ChessJs(fen).perft(depth);
}

interface Measure {
  nodes: number;
  ms: number;
  nps: number;
}

/** A warm-up run, then the fastest of RUNS timed runs; throws when a count is wrong. */
function measure(label: string, expected: number, run: () => number): Measure {
  const check = (nodes: number) => {
    if (nodes !== expected) throw new Error(`${label}: ${nodes} nodes, expected ${expected}`);
  };
  check(run());
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    check(run());
    times.push(performance.now() - t);
  }
  const ms = Math.min(...times);
  return { nodes: expected, ms, nps: (expected / ms) * 1000 };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

const standard = new Map(standardCases.map((c) => [c.name, c]));
const positions = [
  { name: 'start', depth: 5, slowDepth: 4 },
  { name: 'kiwipete', depth: 4, slowDepth: 3 },
];

console.log(`Node ${process.version}, ${RUNS} timed runs after a warm-up, fastest shown.\n`);
console.log('Standard chess');
console.log(row(['engine', 'position', 'depth', 'nodes', 'ms', 'nodes/s']));
console.log(row(['---', '---', '--:', '--:', '--:', '--:']));
const ratios: string[] = [];
for (const { name, depth, slowDepth } of positions) {
  const c = standard.get(name);
  if (!c) throw new Error(`the standard perft cases have no ${name}`);
  const engines: [string, number, () => number][] = [
    ['packages/rules', depth, () => ours(c.sbfen, depth, true)],
    ['chessops', depth, () => chessops(c.sbfen, depth)],
    ['chess.js (moves/move/undo)', slowDepth, () => chessJsApi(c.sbfen, slowDepth)],
    ['chess.js (built-in perft)', slowDepth, () => chessJsBuiltin(c.sbfen, slowDepth)],
  ];
  const results = engines.map(([engine, d, run]) => {
    const m = measure(`${engine} ${name} ${d}`, c.depths[d], run);
    console.log(row([engine, name, d, int(m.nodes), int(m.ms), int(m.nps)]));
    return m;
  });
  const [o, ops, api, builtin] = results.map((m) => m.nps);
  ratios.push(
    `${name}: ours/chessops ${(o / ops).toFixed(1)}x, ours/chess.js ${(o / api).toFixed(0)}x (moves/move/undo), ` +
      `${(o / builtin).toFixed(0)}x (built-in perft)`,
  );
}
console.log(`\nSpeed ratios (nodes/s):\n${ratios.join('\n')}\n`);

console.log('Shared Box Chess, packages/rules, public positions at depth 4');
console.log(row(['position', 'nodes', 'ms', 'nodes/s']));
console.log(row(['---', '--:', '--:', '--:']));
let nodes = 0;
let ms = 0;
for (const c of publicCases) {
  const m = measure(`variant ${c.name}`, c.depths[4], () => ours(c.sbfen, 4, false));
  nodes += m.nodes;
  ms += m.ms;
  console.log(row([c.name, int(m.nodes), int(m.ms), int(m.nps)]));
}
console.log(row(['**total**', int(nodes), int(ms), int((nodes / ms) * 1000)]));

/**
 * `npx tsx scripts/bench-search.ts [--time <ms>]`: search speed of packages/ai at full strength
 * from the start position and from a box-rich middlegame (10 s each by default, after a warm-up
 * run), then the depth the hard level reaches in its own scaled think time in the middlegame.
 * Prints nodes/s by wall clock and by the process's CPU time (the two differ when other processes
 * share the cores).
 */

import { Engine, Line, scaledThinkTime } from '@sbc/ai';
import { generateLegal, MAX_MOVES, START_SBFEN } from '@sbc/rules';

const MIDDLEGAME = 'r2qk2r/pb1n2pp/1p1p1(pn)2/2p1(Nb)1B1/4P3/2N(PB)4/PPP1QPPP/R4RK1 w kq - 0 14';
const i = process.argv.indexOf('--time');
const timeMs = i > 0 ? Number(process.argv[i + 1]) : 10_000;

function line(sbfen: string): Line {
  const l = Line.from(sbfen, [], false);
  if (!l.ok) throw new Error(l.error);
  return l.value;
}

const engine = new Engine();
engine.think(line(MIDDLEGAME), { limits: { timeMs: 3000 } });
for (const [name, sbfen] of [
  ['start position', START_SBFEN],
  ['box-rich middlegame', MIDDLEGAME],
]) {
  engine.newGame();
  const cpu = process.cpuUsage();
  const r = engine.think(line(sbfen), { limits: { timeMs } });
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    `${name}: ${r.nodes} nodes in ${Math.round(r.timeMs)} ms, depth ${r.depth}, ` +
      `${Math.round((r.nodes * 1000) / r.timeMs)} nodes/s wall, ${Math.round((r.nodes * 1000) / cpuMs)} nodes/s CPU`,
  );
}
const l = line(MIDDLEGAME);
const think = scaledThinkTime('hard', l.pos.boxes, generateLegal(l.pos, new Int32Array(MAX_MOVES)));
engine.newGame();
const r = engine.think(l, { level: 'hard' });
console.log(
  `hard in the middlegame: think time ${think} ms, depth ${r.depth}, ${r.nodes} nodes, ${Math.round(r.timeMs)} ms`,
);

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { divide, perft } from '../src/perft.ts';
import { position } from './helpers.ts';
import { divideCases, publicCases, standardCases } from './perft-cases.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('perft in standard mode (ordinary chess, published numbers)', () => {
  it('has the positions it is meant to check', () => {
    expect(standardCases.map((c) => c.name)).toContain('kiwipete');
    expect(standardCases.find((c) => c.name === 'start')?.depths['5']).toBe(4865609);
  });
  for (const c of standardCases) {
    // Depth 4 everywhere; the start position to depth 5 too (well under 2 s).
    const depths = Object.keys(c.depths)
      .map(Number)
      .filter((d) => d <= 4 || c.name === 'start');
    it.each(depths)(`${c.name} depth %i`, (depth) => {
      expect(perft(position(c.sbfen, true), depth)).toBe(c.depths[depth]);
    });
  }
});

describe('perft of Shared Box Chess (public positions)', () => {
  it('has positions with boxes', () => {
    expect(publicCases.length).toBeGreaterThan(0);
    for (const c of publicCases) expect(c.sbfen).toContain('(');
  });
  for (const c of publicCases) {
    const depths = Object.keys(c.depths).map(Number);
    it.each(depths)(`${c.name} depth %i`, (depth) => {
      const pos = position(c.sbfen);
      expect(perft(pos, depth)).toBe(c.depths[depth]);
      // perft plays and undoes every decision: the position comes back unchanged.
      expect(pos.ply).toBe(0);
    });
  }
});

describe('divide of Shared Box Chess (public positions, depth 3)', () => {
  for (const c of divideCases) {
    it(c.name, () => {
      const rows = divide(position(c.sbfen), c.depth);
      expect(Object.fromEntries(rows)).toEqual(c.divide);
      // No two first decisions share a text.
      expect(new Set(rows.map(([text]) => text)).size).toBe(rows.length);
    });
  }
});

describe('the perft command (npm run perft)', () => {
  const cli = path.resolve(repoRoot, 'packages/rules/src/cli/perft.ts');
  /** Runs the command; the runs of one test go in parallel (each starts Node and tsx). */
  const run = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: repoRoot });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  const example = 'rnbqkbnr/pppp1ppp/8/4p3/8/3(PQ)4/PPP1PPPP/RNB1KBNR b KQkq - 1 2';

  it('prints the total on the last line, after one line per first decision with --divide', async () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const [plain, split] = await Promise.all([run(start, '3', '--standard'), run(example, '2', '--divide')]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toBe('8902\n');
    expect(split.status).toBe(0);
    const lines = split.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe('1352');
    expect(lines).toContain('f8b4 7');
    const sum = lines.slice(0, -1).reduce((n, line) => n + Number(line.split(' ')[1]), 0);
    expect(sum).toBe(1352);
  });

  it('exits with code 2 and a message on stderr for bad arguments', async () => {
    const bad: [string[], RegExp][] = [
      [[], /expected an SBFEN and a depth/],
      [[example, '-1'], /depth must be a whole number/],
      [[example, '2', '--fast'], /unknown option '--fast'/],
      [['8/8/8/8 w - - 0 1', '2'], /invalid SBFEN: the piece placement needs 8 ranks/],
    ];
    const results = await Promise.all(bad.map(([args]) => run(...args)));
    results.forEach((r, i) => {
      expect(r.status, bad[i][0].join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(bad[i][1]);
      expect(r.stderr).toMatch(/usage: perft/);
    });
  });
});

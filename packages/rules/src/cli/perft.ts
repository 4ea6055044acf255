/**
 * `npm run -s perft -- "<SBFEN>" <depth> [--divide] [--standard]`: prints perft(depth) as a bare
 * number on the last line; with --divide, one `<move text> <count>` line per first decision before it.
 * Bad arguments go to stderr with exit code 2.
 */
import { divide, perft } from '../perft.ts';
import { parseSbfen } from '../sbfen.ts';

const USAGE = 'usage: perft "<SBFEN>" <depth> [--divide] [--standard]';

function fail(message: string): never {
  process.stderr.write(`perft: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const flags = new Set<string>();
const positional: string[] = [];
for (const arg of process.argv.slice(2)) {
  if (arg === '--divide' || arg === '--standard') flags.add(arg);
  else if (/^-(?!\d)/.test(arg)) fail(`unknown option '${arg}'`);
  else positional.push(arg);
}
if (positional.length !== 2) fail(`expected an SBFEN and a depth, got ${positional.length} argument(s)`);
const [sbfen, depthText] = positional;
if (!/^\d+$/.test(depthText)) fail(`the depth must be a whole number from 0, found '${depthText}'`);
const depth = Number(depthText);
const parsed = parseSbfen(sbfen, flags.has('--standard'));
if (!parsed.ok) fail(`invalid SBFEN: ${parsed.error.message}`);
const pos = parsed.value;

if (flags.has('--divide') && depth > 0) {
  let total = 0;
  const lines: string[] = [];
  for (const [text, count] of divide(pos, depth)) {
    lines.push(`${text} ${count}`);
    total += count;
  }
  process.stdout.write(`${lines.join('\n')}${lines.length ? '\n' : ''}${total}\n`);
} else {
  process.stdout.write(`${perft(pos, depth)}\n`);
}

/**
 * `npm run -s tune:tables -- [--data FILE]... [--epochs N] [--rate CP] [--penalty W] [--holdout PERCENT] [--write]`:
 * fits the piece-square tables (`src/tables.ts`) of one mode to its positions written by `npm run -s datagen`,
 * by gradient descent on the Texel error (docs/engine.md §11). The last tenth (by default) of each
 * file is held out: it only picks the epoch whose tables generalise best. `--write` puts the tables in `src/tables.ts`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Mode, type PieceTables, TABLES } from '../tables.ts';
import { flatten, TableTerms, tuneTables } from './gradient.ts';
import { eachSample } from './samples.ts';
import { writeTables } from './tables-file.ts';
import { fitK, meanError } from './texel.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: ['data/tune/sharedbox.txt'] },
    epochs: { type: 'string', default: '300' },
    rate: { type: 'string', default: '1' },
    penalty: { type: 'string', default: '0' },
    holdout: { type: 'string', default: '10' },
    write: { type: 'boolean', default: false },
  },
});
const number = (name: 'epochs' | 'rate' | 'penalty' | 'holdout', min: number): number => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min) {
    process.stderr.write(`tune:tables: --${name} must be a number from ${min}, found '${values[name]}'\n`);
    process.exit(2);
  }
  return n;
};
const holdout = number('holdout', 0) / 100;
// Each mode has its own tables: the files must all be of one mode, the first one's.
let mode: Mode | undefined;
const train = new TableTerms();
const held = new TableTerms();
// A file's last games are held out: positions of one game say nearly the same thing, so a game
// split between the two sets would flatter the held-out error.
for (const file of values.data ?? []) {
  const text = readFileSync(file, 'utf8');
  const from = Math.round(text.split('\n').filter((line) => line.trim()).length * (1 - holdout));
  let n = 0;
  eachSample(text, (sample) => {
    const its: Mode = sample.pos.standard ? 'chess' : 'sharedbox';
    mode ??= its;
    if (its !== mode) {
      process.stderr.write(
        `tune:tables: ${file} holds ${its} positions, the files before it ${mode}: one mode at a time\n`,
      );
      process.exit(2);
    }
    (++n >= from ? held : train).add(sample, TABLES[mode]);
  });
}
const start = TABLES[mode ?? 'sharedbox'];
console.log(
  `${train.length} positions to tune on, ${held.length} held out (${(values.data ?? []).join(', ')})`,
);

const errorOf = (terms: TableTerms, tables: PieceTables, k: number) =>
  meanError(terms.results, terms.scores(flatten(tables.middle), flatten(tables.end)), k);
const k = fitK(train.results, train.scores(flatten(start.middle), flatten(start.end)));
const started = Date.now();
const epochs = number('epochs', 1);
const tuned = tuneTables(train, start, k, {
  epochs,
  rate: number('rate', 0),
  penalty: number('penalty', 0),
  check: held.length ? held : undefined,
  onEpoch: (epoch, error, heldError) => {
    if (epoch % 25 === 0 || epoch === epochs)
      console.log(
        `epoch ${epoch}: error ${error.toFixed(6)}, held out ${heldError.toFixed(6)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
  },
});
console.log(`K = ${k.toFixed(3)}`);
console.log(
  `tuning set: error ${errorOf(train, start, k).toFixed(6)} -> ${errorOf(train, tuned, k).toFixed(6)}`,
);
if (held.length)
  console.log(
    `held out:   error ${errorOf(held, start, k).toFixed(6)} -> ${errorOf(held, tuned, k).toFixed(6)}`,
  );
if (values.write) {
  writeTables({ ...TABLES, [mode ?? 'sharedbox']: tuned });
  console.log(`wrote the ${mode} tables in src/tables.ts`);
}

/**
 * `npm run -s tune -- [--data FILE]... [--passes N] [--step N] [--leeway PERCENT]
 * [--skip FIELD,...] [--holdout PERCENT] [--write]`: Texel tuning of one mode's evaluation
 * weights (docs/engine.md §11) on its positions written by `npm run -s datagen`; `--skip material`
 * leaves the piece values (or other fields of `weights.ts`) as they are. Every tenth position (by
 * default) is held out and only measured, so that the error there shows whether the tuned weights
 * generalise. `--write` puts them in `src/weights.ts` as that mode's set.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { WEIGHTS } from '../weights.ts';
import { readSamples } from './samples.ts';
import { copyWeights, errorOf, modeOf, paramName, paramValue, tune, tunedParams } from './texel.ts';
import { writeWeights } from './weights-file.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: ['data/tune/sharedbox.txt'] },
    passes: { type: 'string', default: '50' },
    step: { type: 'string', default: '4' },
    holdout: { type: 'string', default: '10' },
    leeway: { type: 'string', default: '50' },
    skip: { type: 'string', default: '' },
    write: { type: 'boolean', default: false },
  },
});
const number = (name: 'passes' | 'step' | 'holdout' | 'leeway', min: number): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`tune: --${name} must be a whole number from ${min}, found '${values[name]}'\n`);
    process.exit(2);
  }
  return n;
};
const holdout = number('holdout', 0);
const samples = (values.data ?? []).flatMap((file) => readSamples(readFileSync(file, 'utf8')));
const every = holdout > 0 ? Math.round(100 / holdout) : 0;
const held = samples.filter((_, i) => every > 0 && i % every === every - 1);
const train = samples.filter((_, i) => !(every > 0 && i % every === every - 1));
console.log(
  `${train.length} positions to tune on, ${held.length} held out (${(values.data ?? []).join(', ')})`,
);

// Each mode has its own weights: the files must all be of one mode.
const mode = (() => {
  try {
    return modeOf(samples);
  } catch (e) {
    process.stderr.write(`tune: ${(e as Error).message}\n`);
    process.exit(2);
  }
})();
const skipped = (values.skip ?? '').split(',').filter(Boolean);
for (const field of skipped)
  if (!(field in WEIGHTS[mode])) {
    const names = Object.keys(WEIGHTS[mode]).join(', ');
    process.stderr.write(`tune: --skip: no weight named '${field}' in the ${mode} set (${names})\n`);
    process.exit(2);
  }
const params = tunedParams(train).filter(([field]) => !skipped.includes(field));
const start = copyWeights(WEIGHTS[mode]);
const started = Date.now();
const result = tune(train, start, {
  firstStep: number('step', 1),
  maxPasses: number('passes', 1),
  leeway: number('leeway', 0) / 100,
  params,
  onPass: (pass, error, step) =>
    console.log(
      `pass ${pass} (step ${step}): error ${error.toFixed(6)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ),
});
console.log(`K = ${result.k.toFixed(3)}`);
console.log(`tuning set: error ${result.before.toFixed(6)} -> ${result.after.toFixed(6)}`);
if (held.length) {
  const before = errorOf(start, held, result.k);
  const after = errorOf(result.weights, held, result.k);
  console.log(`held out:   error ${before.toFixed(6)} -> ${after.toFixed(6)}`);
}
for (const param of params) {
  const [was, now] = [paramValue(start, param), paramValue(result.weights, param)];
  if (was !== now) console.log(`  ${paramName(param)}: ${was} -> ${now}`);
}
if (values.write) {
  writeWeights(result.weights, mode);
  console.log(`wrote the ${mode} weights in src/weights.ts`);
}

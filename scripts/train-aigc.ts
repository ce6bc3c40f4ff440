import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { WeightsFile } from '../server/engines/aigc/model';
import { DATASET, LICENCE, loadData } from '../server/engines/aigc/training/data';
import { evaluateModel } from '../server/engines/aigc/training/evaluate';
import { auroc, tprAtFpr } from '../server/engines/aigc/training/metrics';
import { DEFAULT_TRAIN, fitHeads, modelOf, outOfFold, prepare, trainStage1, weightsFile } from '../server/engines/aigc/training/train';

// `npm run train:aigc [-- --seed N --aigc DIR --csl DIR --out FILE]`: trains the offline AIGC detector on
// the shared data (never committed) and writes server/engines/aigc/model/weights.json with a header naming
// the data set, its licence, the command, the seed and the held-out figures. Same data and seed, same file.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    aigc: { type: 'string', default: '../shared/data/aigc' },
    csl: { type: 'string', default: '../shared/data/csl' },
    seed: { type: 'string', default: String(DEFAULT_TRAIN.seed) },
    epochs: { type: 'string', default: String(DEFAULT_TRAIN.epochs) },
    out: { type: 'string', default: 'server/engines/aigc/model/weights.json' },
  },
});
const options = { ...DEFAULT_TRAIN, ...(process.env.AIGC_TRAIN ? (JSON.parse(process.env.AIGC_TRAIN) as object) : {}), seed: Number(args.seed), epochs: Number(args.epochs) };
const data = loadData(resolve(root, args.aigc), resolve(root, args.csl), options.seed);
if ('missing' in data) {
  console.error(`train:aigc: no data at ${data.missing} (pass --aigc DIR and --csl DIR)`);
  process.exit(1);
}
const { train, test } = data.split;
const log = (line: string) => console.log(line);
const started = performance.now();
log(`training on ${train.length} texts (${train.filter((e) => e.source === 'csl').length} CSL abstracts), ${test.length} held out; seed ${options.seed}`);
const units = prepare(train);
log('out-of-fold log-odds for the heads:');
const oof = outOfFold(units, options, log);
const heads = fitHeads(units, oof, options, log);
// Cross-validated figures of the training part (what to tune on; the held-out split is only reported).
const hc3 = units.map((_, i) => i).filter((i) => units[i].source !== 'csl');
const cvScores = hc3.map((i) => heads.documentOutOfFold[i]);
const cvLabels = hc3.map((i) => units[i].label);
log(`cross-validated on the training part: AUROC ${auroc(cvScores, cvLabels).toFixed(4)}, TPR at 1 % FPR ${tprAtFpr(cvScores, cvLabels, 0.01).toFixed(4)}`);
log('final stage 1 on all training texts');
const stage1 = trainStage1(units, options);

const command = `npm run train:aigc -- --seed ${options.seed} --epochs ${options.epochs} --aigc ${args.aigc} --csl ${args.csl}`;
const header = {
  name: 'moyan-aigc',
  version: `1-${options.seed}`,
  dataset: DATASET,
  licence: LICENCE,
  seed: options.seed,
  command,
  notes: [
    'Derived weights only: no text of the data sets is stored here.',
    'Split: a seeded hash of each text; 25 % of HC3-Plus and 50 % of the CSL abstracts are held out (server/engines/aigc/training/data.ts).',
    'heldOut: figures on the held-out part; falseAccusationRate = held-out CSL abstracts with a document score >= 0.5.',
  ],
  heldOut: {} as Record<string, unknown>,
};
let file: WeightsFile = weightsFile(stage1, heads, header, 0);
const figures = evaluateModel(test, modelOf(file));
file = weightsFile(stage1, heads, { ...header, heldOut: roundAll(figures) }, Number(figures.cslFlagged.toFixed(4)));
const out = resolve(root, args.out);
mkdirSync(dirname(out), { recursive: true });
// The header reads as a document; the numbers follow one key a line.
const body = Object.entries(file)
  .map(([key, value]) => `  ${JSON.stringify(key)}: ${key === 'header' ? JSON.stringify(value, null, 2).replace(/\n/g, '\n  ') : JSON.stringify(value)}`)
  .join(',\n');
writeFileSync(out, `{\n${body}\n}\n`);
log(JSON.stringify(roundAll(figures)));
log(`wrote ${args.out} (${file.hashed.count} hashed weights) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

function roundAll(f: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(f, (_, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(4)) : v))) as Record<string, unknown>;
}

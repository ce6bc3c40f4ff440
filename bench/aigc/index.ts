import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { detectAigc, scoreAigc } from '../../server/engines/aigc/detect';
import { bundledModel } from '../../server/engines/aigc/model';
import { BigramNaiveBayes } from '../../server/engines/aigc/training/baseline';
import { loadData } from '../../server/engines/aigc/training/data';
import { evaluate, type Figures } from '../../server/engines/aigc/training/evaluate';

// `npm run bench -- aigc [--aigc DIR --csl DIR]`: the offline AIGC detector on its own held-out split (the
// seed is read from the committed weights' header, so the split is the one training left out), beside a
// character-bigram naive Bayes trained on the same training part. Skips when the shared data is absent.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    aigc: { type: 'string', default: process.env.AIGC_DATA_DIR ?? '../shared/data/aigc' },
    csl: { type: 'string', default: process.env.CSL_DIR ?? '../shared/data/csl' },
  },
  allowPositionals: true,
});
const model = bundledModel();
const seed = model.file.header.seed;
const data = loadData(resolve(root, args.aigc), resolve(root, args.csl), seed);
if ('missing' in data) {
  console.log(`aigc bench skipped: no data at ${data.missing} (pass --aigc DIR and --csl DIR, or set AIGC_DATA_DIR / CSL_DIR)`);
  process.exit(0);
}
const { train, test } = data.split;
console.log(`model ${model.file.header.version}; held-out split of seed ${seed}: ${test.filter((e) => e.source !== 'csl').length} HC3-Plus texts, ${test.filter((e) => e.source === 'csl').length} CSL abstracts (trained on ${train.length})`);

const baseline = new BigramNaiveBayes().train(train);
const ours = evaluate(
  test,
  (text) => scoreAigc(text, model),
  (text) => detectAigc(text, {}, model).band !== 'none',
);
const naive = evaluate(test, (text) => baseline.score(text));

/** Characters (code points) scored per second on this thread, over the held-out texts, best of three runs. */
function throughput(score: (text: string) => unknown): number {
  const texts = test.map((e) => e.text);
  const chars = texts.reduce((n, t) => n + [...t].length, 0);
  let best = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    for (const t of texts) score(t);
    best = Math.max(best, chars / ((performance.now() - started) / 1000));
  }
  return best;
}
const speed = { ours: throughput((t) => scoreAigc(t, model)), report: throughput((t) => detectAigc(t, {}, model)), naive: throughput((t) => baseline.score(t)) };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const num = (x: number) => x.toFixed(3);
const rows: Array<[string, (f: Figures) => string, string, (f: Figures) => boolean]> = [
  ['AUROC, HC3-Plus (si + qa)', (f) => num(f.auroc), '>= 0.90', (f) => f.auroc >= 0.9],
  ['  AUROC, si (sentences)', (f) => num(f.aurocSi), '', () => true],
  ['  AUROC, qa (answers)', (f) => num(f.aurocQa), '', () => true],
  ['TPR at 1 % FPR, HC3-Plus', (f) => pct(f.tprAt1Fpr), '>= 50 %', (f) => f.tprAt1Fpr >= 0.5],
  ['  TPR / FPR at 0.5, HC3-Plus', (f) => `${pct(f.tprAt05)} / ${pct(f.fprAt05)}`, '', () => true],
  ['CSL abstracts flagged at 0.5', (f) => pct(f.cslFlagged), '<= 5 %', (f) => f.cslFlagged <= 0.05],
  ['  the same, full-width punctuation', (f) => pct(f.cslFlaggedFullWidth), '<= 5 %', (f) => f.cslFlaggedFullWidth <= 0.05],
  ['  CSL abstracts not 未见异常', (f) => (Number.isNaN(f.cslBanded) ? '-' : pct(f.cslBanded)), '', () => true],
];
const table: string[][] = [['figure', 'detector', 'bigram NB', 'target', '']];
for (const [name, show, target, pass] of rows) table.push([name, show(ours), show(naive), target, target ? (pass(ours) ? 'met' : 'NOT MET') : '']);
table.push([
  'throughput, chars/s, one core',
  `${Math.round(speed.ours).toLocaleString('en')} (full report ${Math.round(speed.report).toLocaleString('en')})`,
  Math.round(speed.naive).toLocaleString('en'),
  '>= 200,000',
  speed.ours >= 200_000 && speed.report >= 200_000 ? 'met' : 'NOT MET',
]);
const widths = table[0].map((_, c) => Math.max(...table.map((r) => [...r[c]].length)));
for (const r of table) console.log(r.map((cell, c) => cell + ' '.repeat(widths[c] - [...cell].length)).join('  ').trimEnd());
console.log(
  `(TPR at 1 % FPR: the share of machine texts above the score only 1 % of human HC3-Plus texts reach. CSL: human abstracts from before chat models; "full-width" re-types their , . ; : ( ) as ，。；：（）.)`,
);

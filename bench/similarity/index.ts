import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { checkText } from '../../server/engines/similarity/check';
import { DEFAULT_PARAMS } from '../../server/engines/similarity/params';
import { countChars } from '@common/char-count';
import { ReferenceLibrary } from '../../server/services/library';
import { type Abstract, loadCsl } from './corpus';
import { fmt, median, timed } from './measure';
import type { Obfuscation } from './obfuscate';
import { panMeasures, type PanMeasures } from './pan';
import { buildSuspicious, type Case, fillerSentences, type Suspicious } from './plants';
import { seededRandom } from './random';
import { SimTextCorpus, simTextAvailable } from './sim-text';
import { MarkovWriter } from './synth';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    csl: { type: 'string', default: process.env.CSL_DIR ?? '../shared/data/csl' },
    sizes: { type: 'string', default: '10000,100000' },
    suspicious: { type: 'string', default: '40' },
    // Hashes held by more documents than this are not looked up (the engine's default unless given).
    'common-docs': { type: 'string' },
  },
  allowPositionals: true,
});
const cslDir = resolve(root, args.csl);
const sizes = args.sizes.split(',').map(Number).sort((a, b) => a - b);
const checkOptions = { params: { commonDocs: args['common-docs'] === undefined ? DEFAULT_PARAMS.commonDocs : Number(args['common-docs']) } };
const LEVELS: Obfuscation[] = ['none', 'light'];
const SOURCES = 700;
const MEAN_DOC_CHARS = 180;

const csl = loadCsl(cslDir);
if (!csl) {
  console.log(`similarity bench skipped: no CSL data at ${cslDir} (pass --csl PATH or set CSL_DIR)`);
  process.exit(0);
}
const withSimText = simTextAvailable();
if (!withSimText) console.log('sim_text not found: install it with `apt-get install -y similarity-tester`; continuing without it');

const random = seededRandom(20240613);
const sources = csl.abstracts.slice(0, SOURCES);
const heldOut = csl.abstracts.slice(SOURCES);
const filler = fillerSentences(heldOut, sources);
const writer = new MarkovWriter(sources.map((s) => s.text));
const synthetic = (n: number): Abstract[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `syn-${i + 1}`,
    title: csl.titles[i % csl.titles.length] ?? `合成文献 ${i + 1}`,
    text: writer.document(MEAN_DOC_CHARS, random),
  }));
const library = [...sources, ...synthetic(sizes[sizes.length - 1] - SOURCES)];
const suspicious = Object.fromEntries(
  LEVELS.map((level) => [
    level,
    Array.from({ length: Number(args.suspicious) }, (_, i) =>
      buildSuspicious({ id: `susp-${level}-${i + 1}`, length: 3000, plants: 3, level, sources, filler, random }),
    ),
  ]),
) as Record<Obfuscation, Suspicious[]>;
const paper = buildSuspicious({ id: 'paper', length: 20_000, plants: 12, level: 'none', sources, filler, random });

const work = mkdtempSync(join(tmpdir(), 'moyan-bench-'));
let db = await openDatabase({ dataDir: join(work, 'db') });
let lib = new ReferenceLibrary(db);
const corpus = withSimText ? new SimTextCorpus(join(work, 'sim')) : null;
const simFiles = corpus ? library.map((d) => corpus.add(d.id, d.text)) : [];
const simNew = (docs: Suspicious[]) => docs.map((d) => corpus!.add(d.id, d.text));

const detectionsOf = async (docs: Suspicious[]): Promise<Case[]> => {
  const out: Case[] = [];
  for (const d of docs) {
    const report = await checkText(d.text, lib, checkOptions);
    for (const s of report.spans) out.push({ doc: d.id, start: s.start, end: s.end, src: s.sourceId, srcStart: s.sourceStart, srcEnd: s.sourceEnd });
  }
  return out;
};

interface SizeFigures {
  documents: number;
  chars: number;
  importMs: number;
  indexBytes: number;
  fingerprints: number;
  checkMs: number;
  /** First check after reopening the database: index pages come from disk. */
  checkColdMs: number;
  openMs: number;
  simTextMs: number | null;
}
const results: { quality: Record<string, { moyan: PanMeasures; simText: PanMeasures | null }>; sizes: SizeFigures[] } = {
  quality: {},
  sizes: [],
};

let imported = 0;
let importMs = 0;
for (const size of sizes) {
  const batch = library.slice(imported, size);
  for (let i = 0; i < batch.length; i += 2000) {
    importMs += (await timed(() => lib.addDocuments(batch.slice(i, i + 2000)))).ms;
  }
  importMs += (await timed(() => lib.optimize())).ms;
  imported = size;
  const stats = await lib.stats();

  if (size === sizes[0]) {
    for (const level of LEVELS) {
      const docs = suspicious[level];
      const cases = docs.flatMap((d) => d.cases);
      const moyan = panMeasures(cases, await detectionsOf(docs));
      let simText: PanMeasures | null = null;
      if (corpus) simText = panMeasures(cases, (await corpus.run(simNew(docs), simFiles.slice(0, size))).detections);
      results.quality[level] = { moyan, simText };
    }
  }

  await db.close();
  const reopened = await timed(() => openDatabase({ dataDir: join(work, 'db') }));
  db = reopened.value;
  lib = new ReferenceLibrary(db);
  const cold = await timed(() => checkText(paper.text, lib, checkOptions));
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push((await timed(() => checkText(paper.text, lib, checkOptions))).ms);
  let simTextMs: number | null = null;
  if (corpus) {
    const paperFile = simNew([paper]);
    const simRuns: number[] = [];
    for (let i = 0; i < 3; i++) simRuns.push((await corpus.run(paperFile, simFiles.slice(0, size))).ms);
    simTextMs = median(simRuns);
  }
  results.sizes.push({
    documents: stats.documents,
    chars: stats.chars,
    importMs,
    indexBytes: stats.bytes,
    fingerprints: stats.fingerprints,
    checkMs: median(runs),
    checkColdMs: cold.ms,
    openMs: reopened.ms,
    simTextMs,
  });
}
await db.close();
rmSync(work, { recursive: true, force: true });

console.log(`\nsimilarity bench — CSL abstracts (${cslDir}), ${SOURCES} sources, Markov-synthesised library documents`);
console.log(`hashes held by more than ${checkOptions.params.commonDocs} documents are not looked up (--common-docs)`);
console.log('\nplanted copies: character-level PAN measures (Potthast et al. 2010), library of', fmt.n(sizes[0]), 'documents');
console.log('level   tool      precision  recall  granularity  plagdet');
for (const [level, r] of Object.entries(results.quality)) {
  const row = (tool: string, m: PanMeasures) =>
    console.log(`${level.padEnd(7)} ${tool.padEnd(9)} ${fmt.p(m.precision).padStart(9)}  ${fmt.p(m.recall).padStart(6)}  ${fmt.p(m.granularity).padStart(11)}  ${fmt.p(m.plagdet).padStart(7)}`);
  row('moyan', r.moyan);
  if (r.simText) row('sim_text', r.simText);
}
console.log(`\none paper of ${fmt.n(countChars(paper.text))} characters against the library (PGlite on disk, 2 cores)`);
console.log('documents  characters  db size    fingerprints  import                      check warm / after reopen  sim_text -r13  ratio');
for (const s of results.sizes) {
  const seconds = s.importMs / 1000;
  const throughput = `${fmt.n(Math.round(s.documents / seconds))} doc/s ${fmt.n(Math.round(s.chars / seconds / 1000))}k char/s`;
  console.log(
    [
      fmt.n(s.documents).padStart(9),
      fmt.n(s.chars).padStart(10),
      fmt.mb(s.indexBytes).padStart(9),
      fmt.n(s.fingerprints).padStart(12),
      throughput.padStart(26),
      `${fmt.ms(s.checkMs)} / ${fmt.ms(s.checkColdMs)}`.padStart(25),
      (s.simTextMs === null ? '-' : fmt.ms(s.simTextMs)).padStart(13),
      s.simTextMs === null ? '-' : `${(s.simTextMs / s.checkMs).toFixed(1)}x`,
    ].join('  '),
  );
}
console.log('(check = the median of 5 checks; "after reopen" = the first check after closing and opening the database)');
mkdirSync(join(root, 'bench/out'), { recursive: true });
writeFileSync(join(root, 'bench/out/similarity.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nfigures written to bench/out/similarity.json');

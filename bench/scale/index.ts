import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { countChars } from '@common/char-count';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { DEFAULT_PARAMS } from '../../server/engines/similarity/params';
import type { CheckReport, LibraryPort } from '../../server/engines/similarity/types';
import { bulkLoad, ReferenceLibrary } from '../../server/services/library';
import { poolCompute } from '../../server/workers/compute';
import { closeWorkerPool } from '../../server/workers/pool';
import { createTestDatabase } from '../../server/test/database';
import { loadCsl } from '../similarity/corpus';
import { fmt, timed } from '../similarity/measure';
import { seededRandom } from '../similarity/random';
import { MarkovWriter } from '../similarity/synth';
import { ArchiveWriter, type PlantedPaper, plantedPaper, type Thesis } from './archive';

// The reference library at archive scale on PostgreSQL: thesis-length documents with shared academic
// phrasing, imported in batches, then one 20 000-character paper checked against it (see docs/benchmarks.md).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL },
    chars: { type: 'string', default: '10M' },
    csl: { type: 'string', default: process.env.CSL_DIR ?? '../shared/data/csl' },
    runs: { type: 'string', default: '20' },
    'common-docs': { type: 'string', default: String(DEFAULT_PARAMS.commonDocs) },
    // bulk: `corpus import --bulk` (one transaction, the index built after, fingerprinting in the worker pool);
    // batches: `corpus import` (addDocuments a batch at a time, the library open to checks throughout).
    import: { type: 'string', default: 'bulk' },
    // Leaves each size's database in place (its name printed) to look into its plans afterwards.
    keep: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const serverUrl = args['database-url'];
if (!serverUrl) {
  console.log(
    'scale bench refused: it measures PostgreSQL. Pass --database-url postgres://USER:PASSWORD@HOST:PORT/DB or set TEST_DATABASE_URL ' +
      '(the role must be allowed to create databases; `sh scripts/ci-postgres.sh | tail -n 1` prints one).',
  );
  process.exit(0);
}
const cslDir = resolve(root, args.csl);
const csl = loadCsl(cslDir);
if (!csl) {
  console.log(`scale bench skipped: no CSL data at ${cslDir} (pass --csl PATH or set CSL_DIR)`);
  process.exit(0);
}

const parseChars = (size: string) => {
  const match = /^(\d+(?:\.\d+)?)([kKmMgG]?)$/.exec(size.trim());
  if (!match) throw new Error(`--chars: not a size: ${size} (e.g. 10M,100M,1000M)`);
  return Math.round(Number(match[1]) * { '': 1, k: 1e3, m: 1e6, g: 1e9 }[match[2].toLowerCase() as '' | 'k' | 'm' | 'g']);
};
const sizes = args.chars.split(',').map(parseChars);
const runs = Number(args.runs);
const commonDocs = Number(args['common-docs']);
const BATCH_CHARS = 2_000_000;
const bulk = args.import === 'bulk';
const serverLimitMs = loadConfig().ENGINE_TIMEOUT_MS;
if (!bulk && args.import !== 'batches') throw new Error(`--import: bulk or batches, not ${args.import}`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Planted characters covered by a span from the document they were copied from, and the sources found. */
function recallOf(paper: PlantedPaper, report: CheckReport): { chars: number; sources: number } {
  let covered = 0;
  let found = 0;
  for (const plant of paper.plants) {
    const spans = report.spans.filter((s) => s.sourceId === plant.sourceId);
    let mine = 0;
    for (let i = plant.start; i < plant.end; i++) if (spans.some((s) => s.start <= i && i < s.end)) mine++;
    covered += mine;
    if (mine > 0) found++;
  }
  const planted = paper.plants.reduce((n, p) => n + p.end - p.start, 0);
  return { chars: covered / planted, sources: found };
}

/** The library with the time of its calls added up, to tell a check's lookup and loads from its alignment. */
function timedLibrary(library: LibraryPort): LibraryPort & { spent: { lookup: number; load: number } } {
  const spent = { lookup: 0, load: 0 };
  return {
    spent,
    async findCandidates(seeds, options) {
      const run = await timed(() => library.findCandidates(seeds, options));
      spent.lookup += run.ms;
      return run.value;
    },
    async loadDocuments(ids) {
      const run = await timed(() => library.loadDocuments(ids));
      spent.load += run.ms;
      return run.value;
    },
  };
}

interface Split {
  lookup: number;
  load: number;
  rest: number;
}

interface Row {
  chars: number;
  documents: number;
  importSeconds: number;
  tables: Record<string, number>;
  checks: { label: string; first: number; overLimit: number; p50: number; p95: number; split: Split; engine: CheckReport['engine']; ratio: number; sources: number; recall: { chars: number; sources: number } }[];
  commonHashes: number;
  plants: number;
}


const results: Row[] = [];
for (const target of sizes) {
  const random = seededRandom(20261127);
  const writer = new ArchiveWriter(new MarkovWriter(csl.abstracts.map((a) => a.text)), csl.titles, random);
  const database = await createTestDatabase(serverUrl);
  const db = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  // The engine's time limit lifted (looking up every hash at 1 000 M characters takes longer); checks past the server's
  // own limit are counted and printed.
  const compute = poolCompute({ ...loadConfig(), ENGINE_TIMEOUT_MS: 3_600_000 });
  try {
    const library = new ReferenceLibrary(db);
    let chars = 0;
    let documents = 0;
    let importMs = 0;
    const kept: Thesis[] = [];
    const progress = (read: number) => process.stdout.write(`\r${fmt.n(read)} / ${fmt.n(target)} characters imported`);
    // Every 5th document may be copied from by the paper.
    const keep = (d: Thesis) => kept.length < 40 && Number(d.id.split('-')[1]) % 5 === 0 && kept.push(d);
    if (bulk) {
      // The theses are written while the load runs; the time that takes is not the import's.
      let writingMs = 0;
      function* theses() {
        for (let size = 0; size < target; ) {
          const started = performance.now();
          const doc = writer.thesis(`thesis-${++documents}`);
          writingMs += performance.now() - started;
          size += countChars(doc.text);
          keep(doc);
          yield doc;
        }
      }
      const run = await timed(() =>
        bulkLoad(db, theses(), { prepareRows: (text, doc) => compute.libraryCopyRows({ text, doc }), onBatch: (read) => progress(read.chars) }),
      );
      importMs += run.ms - writingMs;
      chars = run.value.chars;
    }
    while (!bulk && chars < target) {
      const batch: Thesis[] = [];
      for (let size = 0; size < BATCH_CHARS && chars + size < target; ) {
        const doc = writer.thesis(`thesis-${documents + batch.length + 1}`);
        size += doc.text.length;
        batch.push(doc);
      }
      importMs += (await timed(() => library.addDocuments(batch))).ms;
      chars += batch.reduce((n, d) => n + countChars(d.text), 0);
      documents += batch.length;
      batch.forEach(keep);
      progress(chars);
    }
    importMs += (await timed(() => library.optimize())).ms;
    process.stdout.write('\n');

    const tables: Record<string, number> = {};
    for (const table of ['library_documents', 'library_fingerprints', 'library_hash_docs']) {
      const [row] = await db.sql<{ bytes: string }>(`select pg_total_relation_size($1)::bigint::text as bytes`, [table]);
      tables[table] = Number(row.bytes);
    }
    const [{ n: commonHashes }] = await db.sql<{ n: number }>(`select count(*)::int as n from library_hash_docs where docs > $1`, [commonDocs]);

    const paper = plantedPaper(writer, kept, 20_000, random);
    const checks: Row['checks'] = [];
    for (const [label, limit, times] of [
      [`common hashes left out (> ${commonDocs} documents)`, commonDocs, runs],
      ['every hash looked up', Infinity, Math.min(runs, 5)],
    ] as const) {
      const ms: number[] = [];
      const splits: Split[] = [];
      let report: CheckReport | null = null;
      for (let i = 0; i < times; i++) {
        const measured = timedLibrary(library);
        // As the server runs a check: the engine in the worker pool, the library's reads in this thread.
        const run = await timed(() => compute.checkText({ text: paper.text, options: { params: { commonDocs: limit } } }, measured));
        ms.push(run.ms);
        splits.push({ ...measured.spent, rest: run.ms - measured.spent.lookup - measured.spent.load });
        report = run.value;
      }
      const split = { lookup: percentile(splits.map((x) => x.lookup), 50), load: percentile(splits.map((x) => x.load), 50), rest: percentile(splits.map((x) => x.rest), 50) };
      const { engine, figures } = report!;
      checks.push({ label, first: ms[0], overLimit: ms.filter((t) => t > serverLimitMs).length, p50: percentile(ms, 50), p95: percentile(ms, 95), split, engine, ratio: figures.totalRatio, sources: figures.sourceCount, recall: recallOf(paper, report!) });
    }
    results.push({ chars, documents, importSeconds: importMs / 1000, tables, checks, commonHashes, plants: paper.plants.length });
  } finally {
    await closeWorkerPool();
    await db.close();
    if (args.keep) console.log(`\nkept: database ${new URL(database.url).pathname.slice(1)} on the --database-url server`);
    else await database.drop();
  }
}

console.log(`\nscale bench — PostgreSQL, thesis-length Markov documents (CSL abstracts, ${cslDir}) with shared academic phrasing`);
console.log(`one paper of 20,000 characters with up to 10 planted copies (200–500 characters, verbatim); ${runs} checks (${Math.min(runs, 5)} with every hash looked up)`);
for (const r of results) {
  const total = Object.values(r.tables).reduce((n, b) => n + b, 0);
  console.log(`\n${fmt.n(r.chars)} characters, ${fmt.n(r.documents)} documents`);
  console.log(`  import      ${fmt.n(Math.round(r.chars / r.importSeconds))} characters/s (${r.importSeconds.toFixed(1)} s, ${bulk ? 'bulk load: COPY in one transaction, the indexes built after, fingerprints in the worker pool' : 'addDocuments in batches of ~2 M characters'}, then vacuum analyze)`);
  console.log(`  database    ${fmt.mb(total)} (${Object.entries(r.tables).map(([t, b]) => `${t} ${fmt.mb(b)}`).join(', ')})`);
  console.log(`  common      ${fmt.n(r.commonHashes)} hashes held by more than ${commonDocs} documents`);
  for (const c of r.checks) {
    console.log(
      `  check       p50 ${fmt.ms(c.p50)}  p95 ${fmt.ms(c.p95)}  candidates ${fmt.n(c.engine.candidates)}  planted copies found ${c.recall.sources}/${r.plants}, characters ${fmt.p(c.recall.chars)}  — ${c.label}`,
    );
    console.log(`              总文字复制比 ${(c.ratio * 100).toFixed(2)} %, ${fmt.n(c.sources)} sources in the report`);
    console.log(`              p50 of each part: lookup ${fmt.ms(c.split.lookup)}, documents loaded ${fmt.ms(c.split.load)}, the rest (alignment and report in the worker, the transfers between threads) ${fmt.ms(c.split.rest)}`);
    if (c === r.checks[0]) console.log(`              the first check after the load ${fmt.ms(c.first)}`);
    if (c.overLimit) console.log(`              ${c.overLimit} of the checks took longer than the server's ENGINE_TIMEOUT_MS (${fmt.ms(serverLimitMs)}): it would stop them`);
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config';
import { scoreAigc } from '../../server/engines/aigc';
import { createLlmGateway, llmSettings } from '../../server/engines/llm';
import {
  bigramOverlap,
  findProtectedSpans,
  lengthRatio,
  missingSpans,
  type RewriteMode,
  rewriteParagraph,
  similarityToOriginal,
} from '../../server/engines/rewrite';

// `npm run bench -- rewrite [--csl DIR] [--limit N] [--seed N] [--model]`: the rewording engine on CSL
// abstracts (../shared/data/csl/kg-dev.tsv, Apache-2.0; each abstract's keywords passed as the user's
// protected terms). Per mode: similarity of the rewrite to the original as our 查重 measures it (share of
// characters in shared runs of 13 or more), character-bigram overlap (meaning kept), protected spans kept
// (numbers, formulas, Latin text, citations, quotations, the keywords, detected terms), length ratio, the
// AIGC detector's score before and after, and throughput on one thread. Without a model every mode runs
// the offline engine (its setting for the mode); --model with LLM_* configured measures the model modes
// through the gateway on the first 20 abstracts. Skips with a message when the shared data is absent.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    csl: { type: 'string', default: process.env.CSL_DIR ?? '../shared/data/csl' },
    aigc: { type: 'string', default: process.env.AIGC_DATA_DIR ?? '../shared/data/aigc' },
    limit: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    model: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const file = resolve(root, args.csl, 'kg-dev.tsv');
if (!existsSync(file)) {
  console.log(`rewrite bench skipped: no data at ${file} (pass --csl DIR or set CSL_DIR; see ../shared/data/README.md)`);
  process.exit(0);
}

interface Abstract {
  text: string;
  keywords: string[];
}
const seen = new Set<string>();
const abstracts: Abstract[] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const [, text, keywords] = line.split('\t');
  if (!text || seen.has(text)) continue;
  seen.add(text);
  abstracts.push({ text: text.trim(), keywords: (keywords ?? '').split('_').map((k) => k.trim()).filter(Boolean) });
}
const sample = abstracts.slice(0, Number(args.limit));
const seed = Number(args.seed);
const chars = sample.reduce((n, a) => n + [...a.text].length, 0);
console.log(`${sample.length} distinct CSL abstracts (kg-dev.tsv), ${chars.toLocaleString('en')} characters, seed ${seed}; keywords given as protected terms`);

interface Row {
  mode: string;
  similarity: number;
  /** The same with every protected span replaced by a break in both texts (what the engine may change). */
  similarityFree: number;
  overlap: number;
  kept: number;
  keywordsKept: number;
  length: number;
  aigcBefore: number;
  aigcAfter: number;
  charsPerSecond: number;
  offlineShare: number;
  n: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const aigcBefore = sample.map((a) => scoreAigc(a.text));

async function measure(label: string, mode: RewriteMode, items: Abstract[], gateway?: ReturnType<typeof createLlmGateway>, keywords = true): Promise<Row> {
  // Throughput: the rewrite alone (the figures are measured after), best of two runs for the offline engine.
  const rewrites: Awaited<ReturnType<typeof rewriteParagraph>>[] = [];
  let best = Infinity;
  for (let run = 0; run < (gateway ? 1 : 2); run++) {
    rewrites.length = 0;
    const started = performance.now();
    for (const [index, a] of items.entries()) rewrites.push(await rewriteParagraph(a.text, { mode, seed, index, protectedTerms: keywords ? a.keywords : [], gateway }));
    best = Math.min(best, performance.now() - started);
  }
  const itemChars = items.reduce((n, a) => n + [...a.text].length, 0);
  const kept = items.map((a, i) => missingSpans(findProtectedSpans(a.text, { terms: keywords ? a.keywords : [] }), rewrites[i].rewritten).length === 0);
  const keywordsKept = items.map((a, i) => a.keywords.filter((k) => a.text.includes(k)).every((k) => rewrites[i].rewritten.includes(k)));
  const withoutProtected = (text: string, spans: ReadonlyArray<{ text: string }>) => {
    let out = text;
    for (const span of [...spans].sort((x, y) => y.text.length - x.text.length)) out = out.split(span.text).join('卍');
    return out;
  };
  const free = items.map((a, i) => {
    const spans = findProtectedSpans(a.text, { terms: keywords ? a.keywords : [] });
    return similarityToOriginal(withoutProtected(a.text, spans), withoutProtected(rewrites[i].rewritten, spans));
  });
  return {
    mode: label,
    similarity: mean(items.map((a, i) => similarityToOriginal(a.text, rewrites[i].rewritten))),
    similarityFree: mean(free),
    overlap: mean(items.map((a, i) => bigramOverlap(a.text, rewrites[i].rewritten))),
    kept: mean(kept.map(Number)),
    keywordsKept: mean(keywordsKept.map(Number)),
    length: mean(items.map((a, i) => lengthRatio(a.text, rewrites[i].rewritten))),
    aigcBefore: mean(items.map((_, i) => aigcBefore[i])),
    aigcAfter: mean(rewrites.map((r) => scoreAigc(r.rewritten))),
    charsPerSecond: itemChars / (best / 1000),
    offlineShare: mean(rewrites.map((r) => Number(r.offline))),
    n: items.length,
  };
}

// Warm the segmenter (its dictionary loads once per thread) before anything is timed.
await rewriteParagraph(sample[0].text, { mode: 'smart' });

const rows: Row[] = [];
// rewrite, cnki and aigc run the offline engine with smart's settings when no model answers; strong and
// polish have their own.
rows.push(await measure('smart (智能降重)', 'smart', sample));
rows.push(await measure('smart, no keywords', 'smart', sample, undefined, false));
rows.push(await measure('strong, offline', 'strong', sample));
rows.push(await measure('polish, offline', 'polish', sample));
if (args.model) {
  const gateway = createLlmGateway(llmSettings(loadConfig()));
  if (!gateway.configured('rewrite')) console.log('--model: no model configured for rewrite (LLM_BASE_URL / LLM_MODEL); model modes not measured');
  else for (const mode of ['rewrite', 'strong', 'polish', 'aigc'] as const) rows.push(await measure(`${mode}, model`, mode, sample.slice(0, 20), gateway));
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const table: string[][] = [['figure', ...rows.map((r) => r.mode), 'target (智能降重)', '']];
const smart = rows[0];
const line = (name: string, show: (r: Row) => string, target: string, pass?: boolean) =>
  table.push([name, ...rows.map(show), target, pass === undefined ? '' : pass ? 'met' : 'NOT MET']);
line('similarity to original (13+ runs)', (r) => pct(r.similarity), '< 30 %', smart.similarity < 0.3);
line('  protected spans not counted', (r) => pct(r.similarityFree), '');
line('char-bigram overlap', (r) => pct(r.overlap), '> 50 %', smart.overlap > 0.5);
line('protected spans all kept', (r) => pct(r.kept), '100 %', smart.kept === 1);
line('  keywords kept (listed or not)', (r) => pct(r.keywordsKept), '100 %', smart.keywordsKept === 1);
line('length ratio', (r) => r.length.toFixed(3), '');
line('AIGC score before', (r) => r.aigcBefore.toFixed(3), '');
line('AIGC score after', (r) => r.aigcAfter.toFixed(3), '');
line('written offline', (r) => pct(r.offlineShare), '');
line('throughput, chars/s, one thread', (r) => Math.round(r.charsPerSecond).toLocaleString('en'), '> 20,000', smart.charsPerSecond > 20_000);
line('abstracts', (r) => String(r.n), '');
const widths = table[0].map((_, c) => Math.max(...table.map((r) => [...r[c]].length)));
for (const r of table) console.log(r.map((cell, c) => cell + ' '.repeat(widths[c] - [...cell].length)).join('  ').trimEnd());
// 降AIGC offline on machine-generated answers (HC3-Plus zh val qa, label 1; CC-BY-SA-4.0): our detector's score
// and the share it flags (score >= 0.5) before and after the engine's aigc mode (five attempts, the lowest score kept).
const qaFile = resolve(root, args.aigc, 'hc3plus-zh-val-qa.jsonl');
if (existsSync(qaFile)) {
  const machine = readFileSync(qaFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { text: string; label: number })
    .filter((e) => e.label === 1 && [...e.text].length >= 80)
    .slice(0, 200);
  const before = machine.map((e) => scoreAigc(e.text));
  const after: number[] = [];
  const similarity: number[] = [];
  const started = performance.now();
  for (const [index, e] of machine.entries()) {
    const p = await rewriteParagraph(e.text, { mode: 'aigc', seed, index });
    after.push(scoreAigc(p.rewritten));
    similarity.push(p.similarityToOriginal);
  }
  const seconds = (performance.now() - started) / 1000;
  const flagged = (xs: number[]) => xs.filter((x) => x >= 0.5).length / xs.length;
  console.log(
    `\n降AIGC offline (mode aigc) on ${machine.length} machine-written HC3-Plus answers: detector score ${mean(before).toFixed(3)} -> ${mean(after).toFixed(3)}, ` +
      `flagged at 0.5 ${pct(flagged(before))} -> ${pct(flagged(after))}, similarity to the original ${pct(mean(similarity))}, ` +
      `${Math.round(machine.reduce((n, e) => n + [...e.text].length, 0) / seconds).toLocaleString('en')} chars/s`,
  );
} else console.log(`\n降AIGC figures skipped: no ${qaFile}`);
console.log('(similarity: the share of the rewrite\'s characters in runs of 13+ shared with the original, as 查重 would report it with the original in the library; overlap: Dice over normalised character bigrams; AIGC: server/engines/aigc scoreAigc, 0-1.)');

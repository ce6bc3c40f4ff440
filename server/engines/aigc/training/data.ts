import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The shared data the detector is trained and measured on (never committed): HC3-Plus Chinese validation
// splits (si: sentence-level, qa: question answers; label 1 = machine-written) and CSL abstracts (human
// academic writing from before chat models). The split is a seeded hash of each text, so the training
// script and the bench agree on it without storing it, whatever order the files come in.

export const DATASET = 'HC3-Plus (Chinese validation splits hc3plus-zh-val-si, hc3plus-zh-val-qa; label 1 = machine-written)';
export const LICENCE = 'CC-BY-SA-4.0 (HC3-Plus follows HC3; see ../shared/data/aigc/HC3-Plus-README.md); CSL abstracts Apache-2.0';
export const HC3_FILES = { si: 'hc3plus-zh-val-si.jsonl', qa: 'hc3plus-zh-val-qa.jsonl' } as const;
/** Share of HC3-Plus texts held out for the bench. */
export const HC3_TEST_SHARE = 0.25;
/** Share of CSL abstracts held out for the false-accusation rate (the rest helps training as human academic text). */
export const CSL_TEST_SHARE = 0.5;

export type Source = 'si' | 'qa' | 'csl';
export interface Example {
  text: string;
  /** 1 = machine-written. */
  label: 0 | 1;
  source: Source;
}

export interface Split {
  train: Example[];
  test: Example[];
}

export function loadHc3(dir: string): Example[] | null {
  const out: Example[] = [];
  for (const [source, file] of Object.entries(HC3_FILES) as Array<[Source, string]>) {
    const path = join(dir, file);
    if (!existsSync(path)) return null;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { text?: unknown; label?: unknown };
      if (typeof row.text !== 'string' || !row.text.trim() || (row.label !== 0 && row.label !== 1)) continue;
      out.push({ text: row.text, label: row.label, source });
    }
  }
  return out;
}

/** Distinct CSL abstracts (the ts-dev file: abstract, title). */
export function loadCsl(dir: string): Example[] | null {
  const path = join(dir, 'ts-dev.tsv');
  if (!existsSync(path)) return null;
  const seen = new Set<string>();
  const out: Example[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const abstract = line.split('\t')[1]?.trim();
    if (!abstract || seen.has(abstract)) continue;
    seen.add(abstract);
    out.push({ text: abstract, label: 0, source: 'csl' });
  }
  return out;
}

/** FNV-1a of the seed and the text, as a number in [0, 1). */
export function hash01(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

/** Seeded split; a text seen twice (with either label) lands on one side only, its first label kept. */
export function splitExamples(examples: Example[], seed: number): Split {
  const seen = new Set<string>();
  const split: Split = { train: [], test: [] };
  for (const e of examples) {
    if (seen.has(e.text)) continue;
    seen.add(e.text);
    const share = e.source === 'csl' ? CSL_TEST_SHARE : HC3_TEST_SHARE;
    (hash01(seed, e.text) < share ? split.test : split.train).push(e);
  }
  return split;
}

/** The shared data, or null (with the path that is missing) when it is not there. */
export function loadData(aigcDir: string, cslDir: string, seed: number): { split: Split } | { missing: string } {
  const hc3 = loadHc3(aigcDir);
  if (!hc3) return { missing: aigcDir };
  const csl = loadCsl(cslDir);
  if (!csl) return { missing: cslDir };
  return { split: splitExamples([...hc3, ...csl], seed) };
}


import { analyzeText } from '../../text/document';
import { type Head, loadModel, quantize, type Model, type WeightsFile, type ModelHeader } from '../model';
import { DENSE, DENSE_FEATURES, extractFeatures, HASH_BITS, HASH_SIZE, type SentenceFeatures } from '../features';
import { SPAN_INPUTS, spanInputs, spanRow } from '../context';
import { type BoostOptions, DEFAULT_BOOST, type Forest, fitForest, forestLogit } from '../trees';
import type { Example, Source } from './data';
import { seededRandom } from '../../seeded-random';

// Training of the offline detector, in two stages:
//  1. a logistic regression on one sentence's features (dense measurements standardised, hashed n-grams),
//     trained with AdaGrad and L2 on every sentence of the training texts, each labelled as its text;
//  2. two small logistic heads fitted on out-of-fold stage-1 log-odds (4 folds, so they learn how far
//     to trust stage 1 on unseen text): a sentence read with its paragraph, and a span of sentences (a
//     paragraph, a document).
// Classes and sources are weighted so each (source, label) group carries the weight set in GROUP_WEIGHT.

export interface TrainOptions {
  seed: number;
  epochs: number;
  l2: number;
  learningRate: number;
  /** Weight of the CSL human abstracts against one HC3 group. */
  cslWeight: number;
  folds: number;
  boost: BoostOptions;
}

export const DEFAULT_TRAIN: TrainOptions = { seed: 20250611, epochs: 8, l2: 1e-6, learningRate: 0.2, cslWeight: 1, folds: 4, boost: DEFAULT_BOOST };

interface Sentence {
  features: SentenceFeatures;
  length: number;
}

export interface Unit {
  label: 0 | 1;
  source: Source;
  /** Sentences of each paragraph. */
  paragraphs: Sentence[][];
}

export function prepare(examples: readonly Example[]): Unit[] {
  return examples.map((e) => {
    const { codes, paragraphs } = analyzeText(e.text);
    return {
      label: e.label,
      source: e.source,
      paragraphs: paragraphs
        .map((p) => p.sentences.map(({ start, end }) => ({ features: extractFeatures(codes, start, end), length: end - start })))
        .filter((p) => p.length > 0),
    };
  });
}

type GroupKey = `${Source}${0 | 1}`;

/** A weight per unit so every (source, label) group sums to its share, spread over its sentences or units. */
function groupWeights(units: readonly Unit[], perSentence: boolean, cslWeight: number): number[] {
  const mass = new Map<GroupKey, number>();
  const size = (u: Unit) => (perSentence ? u.paragraphs.reduce((n, p) => n + p.length, 0) : 1);
  for (const u of units) mass.set(`${u.source}${u.label}`, (mass.get(`${u.source}${u.label}`) ?? 0) + size(u));
  const groups = mass.size;
  const total = units.reduce((n, u) => n + size(u), 0);
  return units.map((u) => {
    const share = u.source === 'csl' ? cslWeight : 1;
    return (share * total) / groups / mass.get(`${u.source}${u.label}`)!;
  });
}

export interface Stage1 {
  mean: Float64Array;
  std: Float64Array;
  dense: Float64Array;
  bias: number;
  hashed: Float32Array;
}

export function trainStage1(units: readonly Unit[], options: TrainOptions): Stage1 {
  const weights = groupWeights(units, true, options.cslWeight);
  const samples: Array<{ s: Sentence; y: number; w: number }> = [];
  units.forEach((u, i) => {
    for (const p of u.paragraphs) for (const s of p) samples.push({ s, y: u.label, w: weights[i] });
  });
  const mean = new Float64Array(DENSE);
  const std = new Float64Array(DENSE);
  for (const { s } of samples) for (let j = 0; j < DENSE; j++) mean[j] += s.features.dense[j] / samples.length;
  for (const { s } of samples) for (let j = 0; j < DENSE; j++) std[j] += (s.features.dense[j] - mean[j]) ** 2 / samples.length;
  for (let j = 0; j < DENSE; j++) std[j] = Math.sqrt(std[j]) || 1;

  const dense = new Float64Array(DENSE);
  const denseG = new Float64Array(DENSE).fill(1e-8);
  const hashed = new Float32Array(HASH_SIZE);
  const hashedG = new Float32Array(HASH_SIZE).fill(1e-8);
  let bias = 0;
  let biasG = 1e-8;
  const random = seededRandom(options.seed);
  const order = samples.map((_, i) => i);
  const x = new Float64Array(DENSE);
  const lr = options.learningRate;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const k of order) {
      const { s, y, w } = samples[k];
      let z = bias;
      for (let j = 0; j < DENSE; j++) {
        x[j] = (s.features.dense[j] - mean[j]) / std[j];
        z += dense[j] * x[j];
      }
      const { slots, values } = s.features;
      for (let j = 0; j < slots.length; j++) z += hashed[slots[j] - DENSE] * values[j];
      const p = 1 / (1 + Math.exp(-z));
      const g = w * (p - y);
      biasG += g * g;
      bias -= (lr * g) / Math.sqrt(biasG);
      for (let j = 0; j < DENSE; j++) {
        const gj = g * x[j] + options.l2 * dense[j];
        denseG[j] += gj * gj;
        dense[j] -= (lr * gj) / Math.sqrt(denseG[j]);
      }
      for (let j = 0; j < slots.length; j++) {
        const at = slots[j] - DENSE;
        const gj = g * values[j] + options.l2 * hashed[at];
        hashedG[at] += gj * gj;
        hashed[at] -= (lr * gj) / Math.sqrt(hashedG[at]);
      }
    }
  }
  return { mean, std, dense, bias, hashed };
}

export function stage1Logit(m: Stage1, f: SentenceFeatures): number {
  let z = m.bias;
  for (let j = 0; j < DENSE; j++) z += (m.dense[j] * (f.dense[j] - m.mean[j])) / m.std[j];
  for (let j = 0; j < f.slots.length; j++) z += m.hashed[f.slots[j] - DENSE] * f.values[j];
  return z;
}

/** Weighted logistic regression by Newton's method with a ridge (for the small heads). */
export function fitLogistic(rows: number[][], y: number[], w: number[], ridge = 1e-3): number[] {
  const d = rows[0].length + 1;
  const beta = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let i = 0; i < rows.length; i++) {
      const xi = [1, ...rows[i]];
      let z = 0;
      for (let j = 0; j < d; j++) z += beta[j] * xi[j];
      const p = 1 / (1 + Math.exp(-z));
      const r = w[i] * (p - y[i]);
      const v = w[i] * Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j < d; j++) {
        grad[j] += r * xi[j];
        for (let k = 0; k < d; k++) hess[j][k] += v * xi[j] * xi[k];
      }
    }
    for (let j = 1; j < d; j++) {
      grad[j] += ridge * beta[j];
      hess[j][j] += ridge;
    }
    const step = solve(hess, grad);
    let change = 0;
    for (let j = 0; j < d; j++) {
      beta[j] -= step[j];
      change = Math.max(change, Math.abs(step[j]));
    }
    if (change < 1e-8) break;
  }
  return beta;
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r;
    [m[c], m[pivot]] = [m[pivot], m[c]];
    const p = m[c][c] || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / p;
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / (row[i] || 1e-12));
}

function head(names: string[], beta: number[], rows: number[][]): Head {
  const center: Record<string, number> = {};
  names.forEach((name, j) => (center[name] = rows.reduce((s, r) => s + r[j], 0) / Math.max(1, rows.length)));
  return { bias: beta[0], weights: Object.fromEntries(names.map((name, j) => [name, beta[j + 1]])), center };
}

const SENTENCE_INPUTS = ['own', 'context', 'burst', 'count'];

export interface OutOfFold {
  /** Per unit, per paragraph, per sentence: stage-1 log-odds and standardised dense values. */
  logits: number[][][];
  dense: Float64Array[][][];
}

function standardise(m: Stage1, f: SentenceFeatures): Float64Array {
  const out = new Float64Array(DENSE);
  for (let j = 0; j < DENSE; j++) out[j] = (f.dense[j] - m.mean[j]) / m.std[j];
  return out;
}

/** Stage-1 log-odds of every sentence of every unit, each from a model that did not see its unit. */
export function outOfFold(units: readonly Unit[], options: TrainOptions, log: (line: string) => void): OutOfFold {
  const random = seededRandom(options.seed ^ 0x9e3779b9);
  const fold = units.map(() => Math.floor(random() * options.folds));
  const out: OutOfFold = { logits: units.map(() => []), dense: units.map(() => []) };
  for (let f = 0; f < options.folds; f++) {
    const model = trainStage1(
      units.filter((_, i) => fold[i] !== f),
      options,
    );
    units.forEach((u, i) => {
      if (fold[i] !== f) return;
      out.logits[i] = u.paragraphs.map((p) => p.map((s) => stage1Logit(model, s.features)));
      out.dense[i] = u.paragraphs.map((p) => p.map((s) => standardise(model, s.features)));
    });
    log(`  fold ${f + 1}/${options.folds} done`);
  }
  return out;
}

export interface Heads {
  sentenceHead: Head;
  spanForest: Forest;
  documentForest: Forest;
  /**
   * Per training unit, the document log-odds from a document forest that did not see it, over stage-1
   * log-odds from a stage 1 that did not see it either: a cross-validated score of the training part, for
   * tuning without looking at the held-out split.
   */
  documentOutOfFold: Float64Array;
}

export function fitHeads(units: readonly Unit[], oof: OutOfFold, options: TrainOptions, log: (line: string) => void = () => {}): Heads {
  const unitWeights = groupWeights(units, false, options.cslWeight);
  const inputs = [...SPAN_INPUTS, ...DENSE_FEATURES.map((n) => `dense:${n}`)];
  // Rows of the span forest: each text, each of its paragraphs (when it has several) and each of its
  // sentences (when it has several), the text's weight shared among the rows of each kind.
  const rows: number[][] = [];
  const rowUnit: number[] = [];
  const rowWeight: number[] = [];
  const y: number[] = [];
  const sentences: Array<{ unit: number; own: number; paragraph: number; burst: number; count: number }> = [];
  const documentRow: number[] = [];
  const add = (unit: number, row: number[], w: number) => {
    rows.push(row);
    rowUnit.push(unit);
    rowWeight.push(w);
    y.push(units[unit].label);
    return rows.length - 1;
  };
  units.forEach((u, i) => {
    const w = unitWeights[i];
    const count = u.paragraphs.reduce((n, p) => n + p.length, 0);
    const all: number[] = [];
    const lengths: number[] = [];
    const dense: Float64Array[] = [];
    u.paragraphs.forEach((p, pi) => {
      const ls = oof.logits[i][pi];
      const ds = oof.dense[i][pi];
      const lens = p.map((s) => s.length);
      const span = spanInputs(ls, lens);
      const paragraph = add(i, spanRow(span, ds, lens, DENSE), u.paragraphs.length > 1 ? w / u.paragraphs.length : 0);
      ls.forEach((l, si) => {
        const own = add(i, spanRow(spanInputs([l], [lens[si]]), [ds[si]], [lens[si]], DENSE), count > 1 ? w / count : 0);
        sentences.push({ unit: i, own, paragraph, burst: span.burst, count: span.count });
      });
      all.push(...ls);
      lengths.push(...lens);
      dense.push(...ds);
    });
    documentRow.push(add(i, spanRow(spanInputs(all, lengths), dense, lengths, DENSE), w));
  });
  const weighted = (keep: (unit: number) => boolean) => rows.map((_, r) => r).filter((r) => rowWeight[r] > 0 && keep(rowUnit[r]));
  const documentRows = new Set(documentRow);
  const fit = (idx: number[]) =>
    fitForest(
      inputs,
      idx.map((r) => rows[r]),
      idx.map((r) => y[r]),
      idx.map((r) => rowWeight[r]),
      options.boost,
    );
  // Out-of-fold forest log-odds for the sentence head, and of the document forest for the figures.
  const random = seededRandom(options.seed ^ 0x85ebca6b);
  const fold = units.map(() => Math.floor(random() * options.folds));
  const oofLogit = new Float64Array(rows.length);
  const documentOutOfFold = new Float64Array(units.length);
  for (let f = 0; f < options.folds; f++) {
    const others = weighted((u) => fold[u] !== f);
    const forest = fit(others);
    rows.forEach((row, r) => {
      if (fold[rowUnit[r]] === f) oofLogit[r] = forestLogit(forest, row);
    });
    const documentForest = fit(others.filter((r) => documentRows.has(r)));
    documentRow.forEach((r, i) => {
      if (fold[i] === f) documentOutOfFold[i] = forestLogit(documentForest, rows[r]);
    });
    log(`  forest fold ${f + 1}/${options.folds} done`);
  }
  const sentenceWeights = groupWeights(units, true, options.cslWeight);
  const sRows = sentences.map((s) => [oofLogit[s.own], oofLogit[s.paragraph], s.burst, s.count]);
  const sentenceHead = head(
    SENTENCE_INPUTS,
    fitLogistic(
      sRows,
      sentences.map((s) => units[s.unit].label),
      sentences.map((s) => sentenceWeights[s.unit]),
    ),
    sRows,
  );
  const all = weighted(() => true);
  return { sentenceHead, spanForest: fit(all), documentForest: fit(all.filter((r) => documentRows.has(r))), documentOutOfFold };
}

export function weightsFile(stage1: Stage1, heads: Omit<Heads, 'documentOutOfFold'>, header: ModelHeader, falseAccusationRate: number): WeightsFile {
  const round = (x: number) => Number(x.toPrecision(6));
  const roundHead = (h: Head): Head => ({
    bias: round(h.bias),
    weights: Object.fromEntries(Object.entries(h.weights).map(([k, v]) => [k, round(v)])),
    center: Object.fromEntries(Object.entries(h.center).map(([k, v]) => [k, round(v)])),
  });
  return {
    header,
    hashBits: HASH_BITS,
    dense: {
      names: [...DENSE_FEATURES],
      mean: Array.from(stage1.mean, round),
      std: Array.from(stage1.std, round),
      weights: Array.from(stage1.dense, round),
    },
    bias: round(stage1.bias),
    hashed: quantize(stage1.hashed),
    sentenceHead: roundHead(heads.sentenceHead),
    spanForest: roundForest(heads.spanForest),
    documentForest: roundForest(heads.documentForest),
    threshold: 0.5,
    falseAccusationRate,
    llm: { weight: 0.35, center: 0, clip: 4 },
  };
}

function roundForest(f: Forest): Forest {
  const r = (x: number) => Number(x.toPrecision(6));
  return { inputs: f.inputs, base: r(f.base), trees: f.trees.map((t) => ({ ...t, threshold: t.threshold.map(r), value: t.value.map(r) })) };
}

export function modelOf(file: WeightsFile): Model {
  return loadModel(file);
}

import { readFileSync } from 'node:fs';
import type { Forest } from './trees';
import { DENSE, DENSE_FEATURES, extractFeatures, HASH_BITS, HASH_SIZE, type SentenceFeatures } from './features';

// The trained model as stored in model/weights.json (written by `npm run train:aigc`) and how it scores.
// Stage 1 gives each sentence a log-odds from its own features; stage 2 (context.ts) combines it with the
// paragraph around it and turns spans of sentences into probabilities.

export interface ModelHeader {
  name: string;
  version: string;
  dataset: string;
  licence: string;
  seed: number;
  command: string;
  notes: string[];
  heldOut: Record<string, unknown>;
}

/** Logistic heads of stage 2: a bias and one weight per named input. */
export interface Head {
  bias: number;
  weights: Record<string, number>;
  /** Training means of the inputs: a contribution is measured from there (for reasons). */
  center: Record<string, number>;
}

export interface WeightsFile {
  header: ModelHeader;
  hashBits: number;
  dense: { names: string[]; mean: number[]; std: number[]; weights: number[] };
  bias: number;
  /**
   * The hashed n-gram weights, one signed byte per slot (all 2^hashBits of them, base64): weight = byte * scale.
   * `count` is the number of non-zero slots.
   */
  hashed: { count: number; scale: number; int8: string };
  sentenceHead: Head;
  /** Boosted trees giving a span of sentences (a sentence, a paragraph) its log-odds (context.ts spanRow). */
  spanForest: Forest;
  /**
   * Boosted trees on the same inputs fitted on whole texts only, which give the document its log-odds
   * (without them, the span forest does). Sentence rows, most of them from long answers, made the span
   * forest rank whole texts worse.
   */
  documentForest?: Forest;
  threshold: number;
  /** Share of held-out human academic abstracts (CSL) whose document score reached the threshold. */
  falseAccusationRate: number;
  /**
   * How a language model's curvature score (curvature.ts) moves a sentence's log-odds:
   * weight * clamp(curvature - center, -clip, clip). Set by hand, not trained: no log-probabilities of the
   * training texts were available (docs/services/aigc.md, its limits).
   */
  llm: { weight: number; center: number; clip: number };
}

export interface Model {
  file: WeightsFile;
  denseWeights: Float64Array;
  mean: Float64Array;
  std: Float64Array;
  hashed: Float32Array;
}

/** Weights as signed bytes with one scale (the largest magnitude maps to 127). */
export function quantize(weights: Float32Array): { count: number; scale: number; int8: string } {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 127 : 1;
  const bytes = new Int8Array(weights.length);
  let count = 0;
  for (let i = 0; i < weights.length; i++) {
    bytes[i] = Math.round(weights[i] / scale);
    if (bytes[i] !== 0) count++;
  }
  return { count, scale: Number(scale.toPrecision(8)), int8: Buffer.from(bytes.buffer).toString('base64') };
}

export function loadModel(file: WeightsFile): Model {
  if (file.hashBits !== HASH_BITS) throw new Error(`weights hashed into ${file.hashBits} bits, the features use ${HASH_BITS}`);
  if (file.dense.names.join() !== DENSE_FEATURES.join()) throw new Error('weights were trained on other dense features; run npm run train:aigc');
  const bytes = Buffer.from(file.hashed.int8, 'base64');
  if (bytes.length !== HASH_SIZE) throw new Error(`weights hold ${bytes.length} hashed slots, the features use ${HASH_SIZE}`);
  const hashed = new Float32Array(HASH_SIZE);
  for (let i = 0; i < HASH_SIZE; i++) hashed[i] = ((bytes[i] << 24) >> 24) * file.hashed.scale;
  return {
    file,
    denseWeights: Float64Array.from(file.dense.weights),
    mean: Float64Array.from(file.dense.mean),
    std: Float64Array.from(file.dense.std),
    hashed,
  };
}

let bundled: Model | undefined;

/** The committed model (model/weights.json), read once. */
export function bundledModel(): Model {
  bundled ??= loadModel(JSON.parse(readFileSync(new URL('./model/weights.json', import.meta.url), 'utf8')) as WeightsFile);
  return bundled;
}

/** Standardised dense value i of a sentence. */
export function standardised(model: Model, features: SentenceFeatures, i: number): number {
  return (features.dense[i] - model.mean[i]) / model.std[i];
}

/** All standardised dense values of a sentence. */
export function standardisedVector(model: Model, features: SentenceFeatures): Float64Array {
  const out = new Float64Array(DENSE);
  for (let i = 0; i < DENSE; i++) out[i] = (features.dense[i] - model.mean[i]) / model.std[i];
  return out;
}

/** Stage 1: the sentence's own log-odds of being machine-written. */
export function sentenceLogit(model: Model, features: SentenceFeatures): number {
  let z = model.file.bias;
  for (let i = 0; i < DENSE; i++) z += model.denseWeights[i] * standardised(model, features, i);
  const { slots, values } = features;
  for (let i = 0; i < slots.length; i++) z += model.hashed[slots[i] - DENSE] * values[i];
  return z;
}

export function scoreSentence(model: Model, codes: ArrayLike<number>, start: number, end: number): { features: SentenceFeatures; logit: number } {
  const features = extractFeatures(codes, start, end);
  return { features, logit: sentenceLogit(model, features) };
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

export function applyHead(head: Head, inputs: Record<string, number>): number {
  let z = head.bias;
  for (const [name, w] of Object.entries(head.weights)) z += w * (inputs[name] ?? 0);
  return z;
}

/** How much one input moved the log-odds away from an average sentence or span. */
export function contribution(head: Head, name: string, value: number): number {
  return (head.weights[name] ?? 0) * (value - (head.center[name] ?? 0));
}

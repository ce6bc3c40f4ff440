import { applyHead, type Head } from './model';

// Stage 2: a sentence is read with the paragraph around it, and a span of sentences (a paragraph, the
// document) gets one probability. Burstiness is a property of several sentences together: people vary the
// length of their sentences more than chat models do.

export interface SpanInputs {
  /** Character-weighted mean of the sentences' own log-odds. */
  mean: number;
  /** Coefficient of variation of sentence lengths (0 for one sentence). */
  burst: number;
  /** log of the number of sentences. */
  count: number;
  /** Share of the characters in sentences whose own log-odds is positive. */
  positive: number;
  [name: string]: number;
}

export function spanInputs(logits: ArrayLike<number>, lengths: ArrayLike<number>): SpanInputs {
  let total = 0;
  let weighted = 0;
  let positive = 0;
  let sum = 0;
  let sq = 0;
  const n = logits.length;
  for (let i = 0; i < n; i++) {
    const len = Math.max(1, lengths[i]);
    total += len;
    weighted += logits[i] * len;
    if (logits[i] > 0) positive += len;
    sum += len;
    sq += len * len;
  }
  const meanLength = n ? sum / n : 0;
  const variance = n > 1 ? Math.max(0, sq / n - meanLength * meanLength) : 0;
  return {
    mean: total ? weighted / total : 0,
    burst: n > 1 && meanLength > 0 ? Math.sqrt(variance) / meanLength : 0,
    count: Math.log(Math.max(1, n)),
    positive: total ? positive / total : 0,
  };
}

/** Inputs of the sentence head: the sentence's own log-odds and its paragraph's. */
export function sentenceInputs(own: number, paragraph: SpanInputs): Record<string, number> {
  return { own, context: paragraph.mean, burst: paragraph.burst, count: paragraph.count };
}

export function sentenceLogOdds(head: Head, own: number, paragraph: SpanInputs): number {
  return applyHead(head, sentenceInputs(own, paragraph));
}

export function spanLogOdds(head: Head, span: SpanInputs): number {
  return applyHead(head, span);
}


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
  /** The mean log-odds times the square root of the number of sentences: evidence grows with length. */
  evidence: number;
  /** The highest and lowest sentence log-odds. */
  max: number;
  min: number;
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
    evidence: (total ? weighted / total : 0) * Math.sqrt(n),
    max: n ? Math.max(...Array.from(logits)) : 0,
    min: n ? Math.min(...Array.from(logits)) : 0,
  };
}

/**
 * Inputs of the sentence head: the forest's log-odds of the sentence alone (own) and of its paragraph
 * (context), and the paragraph's burstiness and size.
 */
export function sentenceInputs(own: number, context: number, paragraph: SpanInputs): Record<string, number> {
  return { own, context, burst: paragraph.burst, count: paragraph.count };
}

/** Inputs of the span forest besides the dense averages, in this order. */
export const SPAN_INPUTS = ['mean', 'burst', 'count', 'positive', 'evidence', 'max', 'min'] as const;

/**
 * One span's row for the forest: its SpanInputs, then the character-weighted mean of each standardised
 * dense feature over its sentences (`dense[i]` is sentence i's standardised vector).
 */
export function spanRow(span: SpanInputs, dense: ArrayLike<ArrayLike<number>>, lengths: ArrayLike<number>, width: number): number[] {
  const row: number[] = SPAN_INPUTS.map((name) => span[name]);
  const avg = new Array<number>(width).fill(0);
  let total = 0;
  for (let i = 0; i < dense.length; i++) {
    const len = Math.max(1, lengths[i]);
    total += len;
    for (let j = 0; j < width; j++) avg[j] += dense[i][j] * len;
  }
  for (let j = 0; j < width; j++) row.push(total ? avg[j] / total : 0);
  return row;
}

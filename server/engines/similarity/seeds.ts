import type { SimilarityParams } from './params';

/**
 * Fingerprint occurrences with the normalised characters around their k-gram: up to t − k before it and t − k
 * after it. Two occurrences of one hash can lie inside a shared run of t characters only if their contexts agree
 * on at least t − k characters next to the k-gram (a common ending of `before` plus a common start of `after`),
 * which both the index and the memory library check before a document becomes a candidate.
 */
export interface Seeds {
  hashes: Int32Array;
  before: string[];
  after: string[];
}

/** Stands for a character of an excluded section: no library text contains it (normalised text is letters and digits). */
const MASKED = ' ';

function charsOf(codes: Uint32Array, start: number, end: number): string {
  let out = '';
  for (let i = Math.max(0, start); i < Math.min(codes.length, end); i++) out += codes[i] < 0x110000 ? String.fromCodePoint(codes[i]) : MASKED;
  return out;
}

export function contextWidth(params: Pick<SimilarityParams, 'k' | 't'>): number {
  return params.t - params.k;
}

/** The context of the k-gram that starts at `pos`. */
export function contextAt(codes: Uint32Array, pos: number, params: Pick<SimilarityParams, 'k' | 't'>): { before: string; after: string } {
  const width = contextWidth(params);
  return { before: charsOf(codes, pos - width, pos), after: charsOf(codes, pos + params.k, pos + params.k + width) };
}

/** Whether two occurrences of one hash may share a run of t characters (never false when they do). */
export function contextsAgree(a: { before: string; after: string }, b: { before: string; after: string }, width: number): boolean {
  const x = [...a.before];
  const y = [...b.before];
  let agree = 0;
  while (agree < width && agree < x.length && agree < y.length && x[x.length - 1 - agree] === y[y.length - 1 - agree]) agree++;
  const p = [...a.after];
  const q = [...b.after];
  for (let i = 0; agree < width && i < p.length && i < q.length && p[i] === q[i]; i++) agree++;
  return agree >= width;
}

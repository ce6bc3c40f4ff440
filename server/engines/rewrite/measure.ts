import { alignPair, indexText } from '../similarity/align';
import { DEFAULT_PARAMS } from '../similarity/params';
import { normalizeForMatching } from '../text/normalize';

// The figures every rewritten paragraph carries, measured the way our 查重 measures: texts in their
// matching form (letters and digits, simplified, lower case), exact runs of 13+ shared characters found
// and chained by the similarity engine's alignment (server/engines/similarity/align.ts).

/**
 * Share of the rewrite's (normalised) characters inside matches of 13 or more characters against the
 * original: what 查重 would report for the rewrite with the original in the library. 0-1.
 */
export function similarityToOriginal(original: string, rewritten: string): number {
  const a = normalizeForMatching(rewritten).codes;
  if (a.length === 0) return 0;
  const b = normalizeForMatching(original).codes;
  const alignments = alignPair(indexText(a, DEFAULT_PARAMS.k), b, DEFAULT_PARAMS);
  const covered = new Uint8Array(a.length);
  for (const al of alignments) covered.fill(1, al.aStart, al.aEnd);
  let n = 0;
  for (let i = 0; i < covered.length; i++) n += covered[i];
  return n / a.length;
}

function bigrams(text: string): Map<number, number> {
  const codes = normalizeForMatching(text).codes;
  const counts = new Map<number, number>();
  for (let i = 0; i + 1 < codes.length; i++) {
    const key = codes[i] * 0x110000 + codes[i + 1];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Character-bigram overlap (Dice over multisets of normalised bigrams), 0-1: a proxy for meaning kept.
 * 1 for the same text; padding or dropping text lowers it as much as changing words.
 */
export function bigramOverlap(original: string, rewritten: string): number {
  const { shared, total } = bigramCounts(original, rewritten);
  if (total === 0) return 1;
  return (2 * shared) / total;
}

/** Normalised character bigrams the two texts share (as multisets), and both texts' bigrams together. */
export function bigramCounts(original: string, rewritten: string): { shared: number; total: number } {
  const a = bigrams(original);
  const b = bigrams(rewritten);
  let total = 0;
  let shared = 0;
  for (const [key, count] of a) {
    total += count;
    shared += Math.min(count, b.get(key) ?? 0);
  }
  for (const count of b.values()) total += count;
  return { shared, total };
}

/** Length of the rewrite over the original's, in normalised characters. */
export function lengthRatio(original: string, rewritten: string): number {
  const a = normalizeForMatching(original).codes.length;
  return a === 0 ? 1 : normalizeForMatching(rewritten).codes.length / a;
}

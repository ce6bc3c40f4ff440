import type { NormalizedText } from '../text/normalize';

const MAX_TRAILING = 2;
const CLOSING = new Set([...'，。！？；：、,.!?;:”’」』）)】》…'].map((c) => c.codePointAt(0)!));

/**
 * Original code point range of normalised range [start, end): from the first to the last matched
 * character, plus closing punctuation that directly follows (dropped by normalisation, so never
 * compared, but part of the copied sentence).
 */
export function originalRange(
  norm: NormalizedText,
  codes: Uint32Array,
  start: number,
  end: number,
): { start: number; end: number } {
  const from = norm.origins[start];
  let to = norm.origins[end - 1] + 1;
  const limit = end < norm.origins.length ? norm.origins[end] : codes.length;
  while (to < limit && to - (norm.origins[end - 1] + 1) < MAX_TRAILING && CLOSING.has(codes[to])) to++;
  return { start: from, end: to };
}

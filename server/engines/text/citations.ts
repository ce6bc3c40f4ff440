import { markerLength, type Range } from './split';

const PAIRS = new Map([...'“”「」『』""'].reduce<[number, number][]>((acc, ch, i, all) => {
  if (i % 2 === 0) acc.push([ch.codePointAt(0)!, all[i + 1].codePointAt(0)!]);
  return acc;
}, []));
const MAX_QUOTE = 600;
const SKIPPABLE = new Set([...'，。,.；;：:！？!? '].map((c) => c.codePointAt(0)!));

/** A marker such as [3] ending right before `end`. */
function markerBefore(codes: Uint32Array, from: number, end: number): boolean {
  for (let s = end - 2; s >= Math.max(from, end - 24); s--) {
    if (markerLength(codes, s, end) === end - s) return true;
  }
  return false;
}

/**
 * Quoted passages carrying a citation marker: “…”[3], 「…」［1,2］, "…[4]". The range covers the
 * quotation marks, the quoted text and a marker that follows the closing mark.
 */
export function findQuotedCitations(codes: Uint32Array): Range[] {
  const out: Range[] = [];
  for (let i = 0; i < codes.length; i++) {
    const close = PAIRS.get(codes[i]);
    if (close === undefined) continue;
    let j = i + 1;
    while (j < codes.length && j - i <= MAX_QUOTE && codes[j] !== close && codes[j] !== 0x0a) j++;
    if (j >= codes.length || codes[j] !== close) continue;
    let after = j + 1;
    while (after < codes.length && after - j <= 3 && SKIPPABLE.has(codes[after])) after++;
    const right = markerLength(codes, j + 1, codes.length);
    const afterPunctuation = right > 0 ? 0 : markerLength(codes, after, codes.length);
    const end = right > 0 ? j + 1 + right : afterPunctuation > 0 ? after + afterPunctuation : j + 1;
    if (end > j + 1 || markerBefore(codes, i + 1, j)) out.push({ start: i, end });
    i = j;
  }
  return out;
}

import { bigramCounts, bigramOverlap } from './measure';

// Paragraph alignment: which rewritten paragraph stands for which original one, when a rewrite came back
// as a whole text (a model answering a document, an edited download) rather than pair by pair. Paragraphs
// may have been split in two or joined; the alignment is monotone (order kept), found by dynamic
// programming over the character bigrams shared: a step gains the bigrams its texts share (so a split
// whose second half adds a few more shared bigrams beats leaving that half unmatched, which a ratio such
// as Dice would not see), a split or join costs one bigram and leaving a paragraph unmatched half of one.

export interface AlignedPair {
  /** Indexes of the original paragraphs (one, or several joined into one rewrite). */
  original: number[];
  /** Indexes of the rewritten paragraphs (one, or several a paragraph was split into). */
  rewritten: number[];
  /** Overlap of the joined texts, 0-1. */
  score: number;
}

const SKIP = -0.5;
const SPLIT_OR_JOIN = 1;

/**
 * Aligns two lists of paragraphs in order. Each step matches 1:1, 1:2 (a paragraph split), 2:1 (two
 * joined) or skips one side (a paragraph dropped or added, listed with an empty other side).
 */
export function alignParagraphs(originals: readonly string[], rewrites: readonly string[]): AlignedPair[] {
  const n = originals.length;
  const m = rewrites.length;
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(-Infinity));
  const step = Array.from({ length: n + 1 }, () => new Array<[number, number] | null>(m + 1).fill(null));
  best[0][0] = 0;
  const moves: Array<[number, number]> = [[1, 1], [1, 2], [2, 1], [1, 0], [0, 1]];
  const gain = (i: number, j: number, di: number, dj: number) => {
    if (di === 0 || dj === 0) return SKIP;
    const a = originals.slice(i, i + di).join('');
    const b = rewrites.slice(j, j + dj).join('');
    // A split or join must earn its place: a penalty keeps 1:1 when it is as good.
    return bigramCounts(a, b).shared - (di + dj > 2 ? SPLIT_OR_JOIN : 0);
  };
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (best[i][j] === -Infinity) continue;
      for (const [di, dj] of moves) {
        if (i + di > n || j + dj > m) continue;
        const value = best[i][j] + gain(i, j, di, dj);
        if (value > best[i + di][j + dj]) {
          best[i + di][j + dj] = value;
          step[i + di][j + dj] = [di, dj];
        }
      }
    }
  }
  const out: AlignedPair[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const [di, dj] = step[i][j]!;
    const original = Array.from({ length: di }, (_, k) => i - di + k);
    const rewritten = Array.from({ length: dj }, (_, k) => j - dj + k);
    const score = di && dj ? bigramOverlap(originals.slice(i - di, i).join(''), rewrites.slice(j - dj, j).join('')) : 0;
    out.push({ original, rewritten, score });
    i -= di;
    j -= dj;
  }
  return out.reverse();
}

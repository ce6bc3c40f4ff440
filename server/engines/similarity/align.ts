import { kgramHashes } from './hash';
import type { SimilarityParams } from './params';

/** An aligned region in normalised coordinates: [aStart, aEnd) of the checked text, [bStart, bEnd) of a source. */
export interface Alignment {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  /** Characters inside the region matched exactly (the rest are bridged gaps). */
  exact: number;
  /** The longest exact piece: an alignment is kept only when this reaches `minMatch`. */
  longest: number;
  /** The exact pieces, for mapping positions inside the region. */
  pieces: Piece[];
}

export interface Piece {
  a: number;
  b: number;
  length: number;
}

/** The checked text's k-grams, hashed once per check and shared by every candidate. */
export interface IndexedText {
  codes: Uint32Array;
  /** The hash of the k-gram starting at every position. */
  hashes: Int32Array;
  table: Map<number, number | number[]>;
  /** A bit per hash modulo its size, set for every k-gram of the text: a clear bit rules a hash out without the map. */
  filter: Uint32Array;
}

const MAX_OCCURRENCES = 48;
// About 64 bits a k-gram, so 1 to 2 % are set and most of a candidate's k-grams stop at the filter; at most 2^21 bits (256 KB).
const filterWords = (kgrams: number) => Math.min(1 << 16, 2 ** Math.ceil(Math.log2(Math.max(32, kgrams * 2))));
// The word count is a power of two, so the mask picks a word and the low five bits a bit in it.
const filterIndex = (filter: Uint32Array, hash: number) => (hash >>> 5) & (filter.length - 1);
const inFilter = (filter: Uint32Array, hash: number) => (filter[filterIndex(filter, hash)] & (1 << (hash & 31))) !== 0;

export function indexText(codes: Uint32Array, k: number): IndexedText {
  const table = new Map<number, number | number[]>();
  const hashes = kgramHashes(codes, k);
  const filter = new Uint32Array(filterWords(hashes.length));
  for (let i = 0; i < hashes.length; i++) {
    filter[filterIndex(filter, hashes[i])] |= 1 << (hashes[i] & 31);
    const seen = table.get(hashes[i]);
    if (seen === undefined) table.set(hashes[i], i);
    else if (typeof seen === 'number') table.set(hashes[i], [seen, i]);
    else if (seen.length < MAX_OCCURRENCES) seen.push(i);
  }
  return { codes, hashes, table, filter };
}

/** Maximal exact matches of at least k characters, found from shared k-grams and extended both ways. */
function exactPieces(a: IndexedText, b: Uint32Array, k: number): Piece[] {
  const pieces: Piece[] = [];
  const coveredTo = new Map<number, number>();
  const hashes = kgramHashes(b, k);
  const A = a.codes;
  const visit = (i: number, j: number) => {
    const diagonal = j - i;
    if ((coveredTo.get(diagonal) ?? -1) > j) return;
    for (let x = 0; x < k; x++) if (A[i + x] !== b[j + x]) return;
    let s = 0;
    while (i - s > 0 && j - s > 0 && A[i - s - 1] === b[j - s - 1]) s++;
    let e = k;
    while (i + e < A.length && j + e < b.length && A[i + e] === b[j + e]) e++;
    pieces.push({ a: i - s, b: j - s, length: s + e });
    coveredTo.set(diagonal, j + e);
  };
  for (let j = 0; j < hashes.length; j++) {
    if (!inFilter(a.filter, hashes[j])) continue;
    const at = a.table.get(hashes[j]);
    if (at === undefined) continue;
    if (typeof at === 'number') visit(at, j);
    else for (const i of at) visit(i, j);
  }
  return pieces;
}

/**
 * Chains exact pieces that follow each other in both texts, with gaps of at most `maxGap` that
 * shift the diagonal by at most `maxShift` (edits, inserted characters, swapped words), into
 * alignments, keeping those that contain an exact piece of at least `minMatch` characters.
 */
export function alignPair(
  a: IndexedText,
  b: Uint32Array,
  params: Pick<SimilarityParams, 'k' | 'minMatch' | 'maxGap' | 'maxShift'>,
): Alignment[] {
  const pieces = exactPieces(a, b, params.k).sort((x, y) => x.a - y.a || y.length - x.length);
  const chains: Alignment[] = [];
  for (const p of pieces) {
    const chain = findChain(chains, p, params.maxGap, params.maxShift);
    if (!chain) {
      const end = p.a + p.length;
      chains.push({ aStart: p.a, aEnd: end, bStart: p.b, bEnd: p.b + p.length, exact: p.length, longest: p.length, pieces: [p] });
      continue;
    }
    const fresh = p.a + p.length - Math.max(p.a, chain.aEnd);
    if (fresh <= 0) continue;
    chain.exact += Math.min(fresh, p.length);
    chain.longest = Math.max(chain.longest, p.length);
    chain.aEnd = p.a + p.length;
    chain.bEnd = Math.max(chain.bEnd, p.b + p.length);
    chain.pieces.push(p);
  }
  return chains.filter((c) => c.longest >= params.minMatch);
}

function findChain(chains: Alignment[], p: Piece, maxGap: number, maxShift: number): Alignment | undefined {
  for (let i = chains.length - 1; i >= Math.max(0, chains.length - 64); i--) {
    const c = chains[i];
    const gapA = p.a - c.aEnd;
    const gapB = p.b - c.bEnd;
    const shift = p.b - p.a - (c.bEnd - c.aEnd);
    if (gapA <= maxGap && gapA >= -p.length && gapB <= maxGap && gapB >= -p.length && Math.abs(shift) <= maxShift) return c;
  }
  return undefined;
}

/** Position in the source that corresponds to checked-text position `a` inside an alignment. */
export function sourcePosition(alignment: Alignment, a: number): number {
  let best = alignment.pieces[0];
  for (const p of alignment.pieces) {
    if (p.a <= a) best = p;
    else break;
  }
  const b = best.b + Math.min(a - best.a, best.length);
  return Math.max(alignment.bStart, Math.min(alignment.bEnd, b));
}

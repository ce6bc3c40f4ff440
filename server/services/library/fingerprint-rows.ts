import { copyField } from '../../db/copy';
import { prepareLibraryText, type PreparedText } from '../../engines/similarity/prepare';

/** A batch's fingerprint rows as parallel arrays, in hash order. */
export interface FingerprintRows {
  hashes: Int32Array;
  docs: Int32Array;
  positions: Int32Array;
  before: string[];
  after: string[];
}

/** How many of a batch's documents hold each hash, for `library_hash_docs`. */
export interface HashCounts {
  hashes: Int32Array;
  counts: Int32Array;
}

type Fingerprints = Omit<PreparedText, 'charCount'>;

// Sort keys are hash · 2^21 + row, exact in a double while a batch has fewer than 2^21 rows (a batch of 2 M
// characters has about 450 000); larger batches sort with a comparator.
const ROW_BITS = 2 ** 21;

function hashOrder(hashes: Int32Array): Uint32Array {
  const n = hashes.length;
  if (n >= ROW_BITS) return Uint32Array.from({ length: n }, (_, i) => i).sort((x, y) => hashes[x] - hashes[y] || x - y);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = hashes[i] * ROW_BITS + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i] - Math.floor(keys[i] / ROW_BITS) * ROW_BITS;
  return order;
}

/**
 * The rows of documents' fingerprints in hash order (rows in hash order touch the hash index page by page instead of
 * at random), and per hash the number of documents holding it: a document counts once for a hash, whatever the number
 * of its contexts.
 */
export function fingerprintRows(documents: { num: number; fingerprints: Fingerprints }[]): { rows: FingerprintRows; counts: HashCounts } {
  const total = documents.reduce((n, d) => n + d.fingerprints.hashes.length, 0);
  const unsorted = { hashes: new Int32Array(total), docs: new Int32Array(total), positions: new Int32Array(total) };
  const contexts: { before: string[]; after: string[] }[] = [];
  let at = 0;
  for (const { num, fingerprints: f } of documents) {
    unsorted.hashes.set(f.hashes, at);
    unsorted.docs.fill(num, at, at + f.hashes.length);
    unsorted.positions.set(f.positions, at);
    at += f.hashes.length;
    contexts.push(f);
  }
  const before = contexts.flatMap((c) => c.before);
  const after = contexts.flatMap((c) => c.after);

  const order = hashOrder(unsorted.hashes);
  const rows: FingerprintRows = { hashes: new Int32Array(total), docs: new Int32Array(total), positions: new Int32Array(total), before: new Array<string>(total), after: new Array<string>(total) };
  const counted = { hashes: new Int32Array(total), counts: new Int32Array(total) };
  let distinct = -1;
  for (let i = 0; i < total; i++) {
    const row = order[i];
    rows.hashes[i] = unsorted.hashes[row];
    rows.docs[i] = unsorted.docs[row];
    rows.positions[i] = unsorted.positions[row];
    rows.before[i] = before[row];
    rows.after[i] = after[row];
    // Rows of one hash are in row order, so one document's rows of it are next to each other.
    if (i === 0 || rows.hashes[i] !== rows.hashes[i - 1]) {
      counted.hashes[++distinct] = rows.hashes[i];
      counted.counts[distinct] = 1;
    } else if (rows.docs[i] !== rows.docs[i - 1]) counted.counts[distinct]++;
  }
  return { rows, counts: { hashes: counted.hashes.slice(0, distinct + 1), counts: counted.counts.slice(0, distinct + 1) } };
}

export const COPY_COLUMNS = ['hash', 'doc', 'pos', 'ctx_before', 'ctx_after'];

/** One fingerprint row in COPY's text format, in the order of COPY_COLUMNS. */
export function copyLine(hash: number, doc: number, pos: number, before: string, after: string): string {
  return `${hash}\t${doc}\t${pos}\t${copyField(before)}\t${copyField(after)}\n`;
}

/** A document's fingerprint rows in COPY's text format, in text order. */
export function copyLines(doc: number, fingerprints: Fingerprints): string {
  let lines = '';
  for (let i = 0; i < fingerprints.hashes.length; i++) {
    lines += copyLine(fingerprints.hashes[i], doc, fingerprints.positions[i], fingerprints.before[i], fingerprints.after[i]);
  }
  return lines;
}

/** What a bulk load needs of a text: its characters counted and its fingerprint rows for COPY (in the worker pool). */
export interface LibraryCopyRows {
  charCount: number;
  rows: string;
}

export function libraryCopyRows(text: string, doc: number): LibraryCopyRows {
  const { charCount, ...fingerprints } = prepareLibraryText(text);
  return { charCount, rows: copyLines(doc, fingerprints) };
}

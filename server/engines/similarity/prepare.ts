import { fingerprintText } from './fingerprint';
import { DEFAULT_PARAMS, type SimilarityParams } from './params';
import { countChars } from '@common/char-count';

/** What indexing a text in the library computes before touching the database. */
export interface PreparedText {
  charCount: number;
  /** Distinct fingerprint hashes with the first position of each. */
  hashes: Int32Array;
  positions: Uint32Array;
}

/** Computes PreparedText; the API process passes one that runs in the worker pool. */
export type TextPreparer = (text: string) => Promise<PreparedText>;

/** First position of every distinct fingerprint hash of a text. */
export function distinctFingerprints(text: string, params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS) {
  const { fingerprints } = fingerprintText(text, params);
  const first = new Map<number, number>();
  for (let i = 0; i < fingerprints.hashes.length; i++) {
    if (!first.has(fingerprints.hashes[i])) first.set(fingerprints.hashes[i], fingerprints.positions[i]);
  }
  return { hashes: Int32Array.from(first.keys()), positions: Uint32Array.from(first.values()) };
}

export function prepareLibraryText(text: string, params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS): PreparedText {
  return { charCount: countChars(text), ...distinctFingerprints(text, params) };
}

import { countChars } from '@common/char-count';
import { fingerprintText } from './fingerprint';
import { DEFAULT_PARAMS, type SimilarityParams } from './params';
import { contextAt, type Seeds } from './seeds';

/** What indexing a text in the library computes before touching the database. */
export interface PreparedText extends Seeds {
  charCount: number;
  /** Start of each seed's first occurrence in the normalised text. */
  positions: Uint32Array;
}

/** Computes PreparedText; the API process passes one that runs in the worker pool. */
export type TextPreparer = (text: string) => Promise<PreparedText>;

/**
 * A text's fingerprints as the library stores them: each distinct hash with a distinct context once, at its first
 * position (a hash repeated in the same surroundings is one row; in other surroundings, another).
 */
export function libraryFingerprints(text: string, params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS): Omit<PreparedText, 'charCount'> {
  const { normalized, fingerprints } = fingerprintText(text, params);
  const seen = new Set<string>();
  const hashes: number[] = [];
  const positions: number[] = [];
  const before: string[] = [];
  const after: string[] = [];
  for (let i = 0; i < fingerprints.hashes.length; i++) {
    const context = contextAt(normalized.codes, fingerprints.positions[i], params);
    const key = `${fingerprints.hashes[i]} ${context.before} ${context.after}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hashes.push(fingerprints.hashes[i]);
    positions.push(fingerprints.positions[i]);
    before.push(context.before);
    after.push(context.after);
  }
  return { hashes: Int32Array.from(hashes), positions: Uint32Array.from(positions), before, after };
}

export function prepareLibraryText(text: string, params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS): PreparedText {
  return { charCount: countChars(text), ...libraryFingerprints(text, params) };
}

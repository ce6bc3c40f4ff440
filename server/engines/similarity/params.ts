/**
 * Winnowing parameters. Every shared run of at least `t` normalised characters shares a fingerprint
 * (guarantee threshold); runs shorter than `k` are never seen (noise threshold); w = t - k + 1.
 */
export interface SimilarityParams {
  k: number;
  t: number;
  /** A reported match contains an exact run of at least this many normalised characters. */
  minMatch: number;
  /** Largest gap (normalised characters, on either side) bridged when merging neighbouring pieces. */
  maxGap: number;
  /** Largest difference between the two sides of a bridged gap (inserted or deleted characters). */
  maxShift: number;
  /** At most this many library documents, ranked by shared fingerprints, are aligned. */
  candidateLimit: number;
  /**
   * Fingerprint hashes held by more library documents than this are left out of candidate search:
   * common phrasing, not evidence, and the rows that would cost most to read. A library with no more
   * documents than this drops nothing.
   */
  commonDocs: number;
}

export const DEFAULT_PARAMS: SimilarityParams = {
  k: 6,
  t: 13,
  minMatch: 13,
  maxGap: 12,
  maxShift: 4,
  candidateLimit: 2000,
  commonDocs: 500,
};

export function windowSize(params: Pick<SimilarityParams, 'k' | 't'>): number {
  return params.t - params.k + 1;
}

import { normalizeForMatching, type NormalizedText } from '../text/normalize';
import { kgramHashes } from './hash';
import { DEFAULT_PARAMS, windowSize, type SimilarityParams } from './params';
import { winnow, type Fingerprints } from './winnow';

export interface FingerprintedText {
  normalized: NormalizedText;
  fingerprints: Fingerprints;
}

/** Winnowed fingerprints of a text's normalised form, as stored in the library index. */
export function fingerprintText(
  text: string | Uint32Array,
  params: Pick<SimilarityParams, 'k' | 't'> = DEFAULT_PARAMS,
): FingerprintedText {
  const normalized = normalizeForMatching(text);
  const fingerprints = winnow(kgramHashes(normalized.codes, params.k), windowSize(params));
  return { normalized, fingerprints };
}

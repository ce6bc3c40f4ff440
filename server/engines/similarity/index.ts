export { alignPair, indexText, type Alignment } from './align';
export { checkText, DEFAULT_EXCLUDED_SECTIONS } from './check';
export { distinctHashes, fingerprintText, type FingerprintedText } from './fingerprint';
export { kgramHashes } from './hash';
export { MemoryLibrary } from './memory-library';
export { DEFAULT_PARAMS, windowSize, type SimilarityParams } from './params';
export type * from './types';
export { winnow, type Fingerprints } from './winnow';

import { findQuotedCitations } from '../text/citations';
import { toCodePoints } from '../text/code-points';
import { analyzeText } from '../text/document';
import { normalizeForMatching, type NormalizedText } from '../text/normalize';
import type { SectionKind } from '../text/sections';
import { alignPair, indexText, type IndexedText } from './align';
import { DEFAULT_PARAMS, windowSize, type SimilarityParams } from './params';
import { buildReport, type SourceMatches } from './report';
import type { CheckOptions, CheckReport, LibraryPort, SourceOrigin } from './types';
import { contextAt, type Seeds } from './seeds';
import { winnow } from './winnow';

// Candidates are fetched and aligned a chunk at a time so memory stays bounded for long documents.
const LOAD_CHUNK = 250;

export const DEFAULT_EXCLUDED_SECTIONS: SectionKind[] = ['cover', 'toc', 'declaration', 'references'];

/** Normalised characters outside the checked sections become values no library text contains. */
export function maskExcluded(normalized: NormalizedText, included: Uint8Array): Uint32Array {
  const codes = normalized.codes.slice();
  for (let i = 0; i < codes.length; i++) if (!included[normalized.origins[i]]) codes[i] = 0x110000 + i;
  return codes;
}

/** The fingerprints of the checked sections only, each distinct hash in each distinct context once. */
function lookupSeeds({ codes, hashes: kgrams }: IndexedText, params: SimilarityParams): Seeds {
  const { hashes, positions } = winnow(kgrams, windowSize(params));
  const seen = new Set<string>();
  const seeds: Seeds = { hashes: new Int32Array(hashes.length), before: [], after: [] };
  for (let i = 0; i < hashes.length; i++) {
    let clean = true;
    for (let x = 0; x < params.k && clean; x++) clean = codes[positions[i] + x] < 0x110000;
    if (!clean) continue;
    const { before, after } = contextAt(codes, positions[i], params);
    const key = `${hashes[i]} ${before} ${after}`;
    if (seen.has(key)) continue;
    seen.add(key);
    seeds.hashes[seeds.before.length] = hashes[i];
    seeds.before.push(before);
    seeds.after.push(after);
  }
  return { ...seeds, hashes: seeds.hashes.slice(0, seeds.before.length) };
}

/**
 * Checks a text against the reference library: fingerprints of the text find candidate documents,
 * each candidate is aligned exactly, and the matches become a complete, JSON-serialisable report.
 */
export async function checkText(text: string, library: LibraryPort, options: CheckOptions = {}): Promise<CheckReport> {
  const params: SimilarityParams = { ...DEFAULT_PARAMS, ...options.params };
  const excluded = new Set(options.excludedSections ?? DEFAULT_EXCLUDED_SECTIONS);
  const structure = analyzeText(text);
  const included = new Uint8Array(structure.codes.length);
  for (const s of structure.sections) if (!excluded.has(s.kind)) included.fill(1, s.start, s.end);
  const normalized = normalizeForMatching(structure.codes);
  const masked = maskExcluded(normalized, included);

  const indexed = indexText(masked, params.k);
  const candidates = await library.findCandidates(lookupSeeds(indexed, params), {
    limit: params.candidateLimit,
    excludeIds: options.excludeDocumentIds ?? [],
    commonDocs: params.commonDocs,
  });
  const sources: SourceMatches[] = [];
  for (let i = 0; i < candidates.length; i += LOAD_CHUNK) {
    const docs = await library.loadDocuments(candidates.slice(i, i + LOAD_CHUNK).map((c) => c.id));
    for (const doc of docs) {
      const own = options.ownerId != null && doc.ownerId === options.ownerId;
      if (own && options.excludeOwn) continue;
      const codes = toCodePoints(doc.text);
      const docNormalized = normalizeForMatching(codes);
      const alignments = alignPair(indexed, docNormalized.codes, params);
      if (!alignments.length) continue;
      const origin: SourceOrigin = own ? 'own' : doc.origin === 'submission' ? 'submission' : 'library';
      sources.push({ doc, origin, normalized: docNormalized, codes, alignments });
    }
  }
  const body = buildReport({ structure, normalized, sources, excluded, quotes: findQuotedCitations(structure.codes) });
  return { engine: { version: 1, k: params.k, t: params.t, candidates: candidates.length }, ...body };
}

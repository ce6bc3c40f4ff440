import { toCodePoints, fromCodePoints } from '../text/code-points';
import { splitParagraphs } from '../text/split';
import { bigramOverlap, similarityToOriginal } from './measure';
import { modelRewrite, type ModelSettings } from './model';
import { findProtectedSpans, keepsProtected, type ProtectedSpan } from './protect';
import { paragraphSeed } from './random';
import { SMART_SETTINGS, smartRewrite, type SmartSettings } from './smart';
import type { RewriteMode, RewriteOptions, RewriteResult, RewrittenParagraph } from './types';

// The rewording engine (降重, 强力降重, 学术库降重, 智能降重, 润色改写, 降AIGC). Every paragraph comes back with
// its proof: similarity to the original as our 查重 measures it, the bigram overlap (meaning kept) and
// whether every protected span is unchanged. Without a model (or in smart mode) the offline engine
// writes it and says so (offline: true).

export type { RewriteMode, RewriteOptions, RewriteResult, RewrittenParagraph } from './types';
export { isRewriteMode, REWRITE_MODES } from './types';
export { bigramOverlap, lengthRatio, similarityToOriginal } from './measure';
export { findProtectedSpans, keepsProtected, missingSpans, type ProtectedKind, type ProtectedSpan } from './protect';
export { alignParagraphs, type AlignedPair } from './align';
export { modelSettings } from './model';

/** How hard the offline engine works per mode (its own mode, and the fallback of the model modes). */
export const OFFLINE_SETTINGS: Record<RewriteMode, SmartSettings> = {
  smart: SMART_SETTINGS,
  rewrite: SMART_SETTINGS,
  cnki: SMART_SETTINGS,
  aigc: SMART_SETTINGS,
  strong: { substitute: 0.85, transform: 0.9, breakRuns: true },
  polish: { substitute: 0.25, transform: 0.3, breakRuns: false },
};

/** Paragraphs shorter than this (characters) are headings or labels: kept as they are. */
const MIN_REWRITE_CHARS = 8;

/** The paragraphs the engine works on: every non-blank line, trimmed (as the text engine splits them). */
export function documentParagraphs(text: string): string[] {
  const codes = toCodePoints(text);
  return splitParagraphs(codes).map((r) => fromCodePoints(codes, r.start, r.end));
}

function figures(original: string, rewritten: string, spans: readonly ProtectedSpan[]) {
  return {
    similarityToOriginal: similarityToOriginal(original, rewritten),
    bigramOverlap: bigramOverlap(original, rewritten),
    protectedKept: keepsProtected(spans, rewritten),
  };
}

/** Offline attempts per paragraph (seeds derived from the paragraph's): the one least similar to the original is kept. */
const OFFLINE_ATTEMPTS = 3;

/**
 * The offline rewrite of a paragraph, checked: a result that lost a protected span is never returned. Of
 * the attempts that keep every span, the one with the lowest similarity to the original wins (polish: the
 * first, since it does not aim at a lower similarity).
 */
export function offlineParagraph(original: string, spans: readonly ProtectedSpan[], seed: number, mode: RewriteMode): string {
  let best: { text: string; similarity: number } | null = null;
  for (let attempt = 0; attempt < OFFLINE_ATTEMPTS; attempt++) {
    const out = smartRewrite(original, spans, (seed + attempt * 0x9e3779b9) >>> 0, OFFLINE_SETTINGS[mode]);
    if (!keepsProtected(spans, out)) continue;
    if (mode === 'polish') return out;
    const similarity = similarityToOriginal(original, out);
    if (!best || similarity < best.similarity) best = { text: out, similarity };
    if (similarity === 0) break;
  }
  return best?.text ?? original;
}

export interface ParagraphOptions extends RewriteOptions {
  /** Position of the paragraph in its document (its seed depends on it). */
  index?: number;
  /** Model settings instead of the environment's (tests, the bench). */
  modelSettings?: Partial<ModelSettings>;
}

/** Rewrites one paragraph (reload of one pair, reduction of a short passage). */
export async function rewriteParagraph(text: string, options: ParagraphOptions): Promise<RewrittenParagraph> {
  const original = text.trim();
  const index = options.index ?? 0;
  const spans = findProtectedSpans(original, { terms: options.protectedTerms });
  const useModel = options.mode !== 'smart' && Boolean(options.gateway?.configured('rewrite'));
  if ([...original].length < MIN_REWRITE_CHARS) {
    return { index, original, rewritten: original, offline: !useModel, ...figures(original, original, spans) };
  }
  if (useModel && options.mode !== 'smart') {
    const { best } = await modelRewrite({
      text: original,
      mode: options.mode,
      spans,
      gateway: options.gateway!,
      signal: options.signal,
      taskId: options.taskId,
      settings: { ...(options.candidates ? { candidates: options.candidates } : {}), ...options.modelSettings },
    });
    if (best) return { index, original, rewritten: best.text, offline: false, ...figures(original, best.text, spans) };
  }
  const rewritten = offlineParagraph(original, spans, paragraphSeed(options.seed ?? 1, index), options.mode);
  return { index, original, rewritten, offline: true, ...figures(original, rewritten, spans) };
}

/** Rewrites every paragraph of a text, in order, handing each to onParagraph as soon as it is done. */
export async function rewriteDocument(text: string, options: RewriteOptions): Promise<RewriteResult> {
  const paragraphs: RewrittenParagraph[] = [];
  for (const [index, original] of documentParagraphs(text).entries()) {
    options.signal?.throwIfAborted();
    const p = await rewriteParagraph(original, { ...options, index });
    paragraphs.push(p);
    await options.onParagraph?.(p);
  }
  const offline = options.mode === 'smart' || !options.gateway?.configured('rewrite') || paragraphs.some((p) => p.offline);
  return { mode: options.mode, offline, paragraphs };
}

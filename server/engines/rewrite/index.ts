import { scoreAigc } from '../aigc/detect';
import { toCodePoints, fromCodePoints } from '../text/code-points';
import { splitParagraphs } from '../text/split';
import { bigramOverlap, similarityToOriginal } from './measure';
import { modelRewrite, type ModelSettings } from './model';
import { findProtectedSpans, keepsProtected, type ProtectedSpan } from './protect';
import { paragraphSeed } from './random';
import { SMART_SETTINGS, smartRewriter, type SmartSettings } from './smart';
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
  aigc: { ...SMART_SETTINGS, dropTemplates: true },
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

/** Offline attempts per paragraph (seeds derived from the paragraph's): the best is kept. */
const OFFLINE_ATTEMPTS = 3;
/** More, up to this many, while the best still shares over EXTRA_ABOVE with the original (text dense with terms). */
const OFFLINE_MAX_ATTEMPTS = 6;
const EXTRA_ABOVE = 0.3;
/** 降AIGC offline: more attempts, the one our detector finds least machine-like (similarity breaking ties). */
const AIGC_ATTEMPTS = 5;

/** The key a paragraph is selected by in RewriteOptions.only: its text without whitespace. */
export const paragraphKey = (text: string) => text.replace(/\s+/g, '');

/**
 * The offline rewrite of a paragraph, checked: a result that lost a protected span is never returned. Of
 * the attempts that keep every span, the one with the lowest similarity to the original wins (polish: the
 * first, since it does not aim at a lower similarity; aigc: the lowest AIGC score of our detector).
 */
export function offlineParagraph(original: string, spans: readonly ProtectedSpan[], seed: number, mode: RewriteMode): string {
  let best: { text: string; score: number } | null = null;
  const attempts = mode === 'aigc' ? AIGC_ATTEMPTS : OFFLINE_ATTEMPTS;
  const most = mode === 'aigc' ? AIGC_ATTEMPTS : OFFLINE_MAX_ATTEMPTS;
  const rewrite = smartRewriter(original, spans);
  for (let attempt = 0; attempt < most; attempt++) {
    if (attempt >= attempts && best && best.score <= EXTRA_ABOVE) break;
    const out = rewrite((seed + attempt * 0x9e3779b9) >>> 0, OFFLINE_SETTINGS[mode]);
    if (!keepsProtected(spans, out)) continue;
    if (mode === 'polish') return out;
    const similarity = similarityToOriginal(original, out);
    const score = mode === 'aigc' ? scoreAigc(out) + 0.2 * similarity : similarity;
    if (!best || score < best.score) best = { text: out, score };
    if (score === 0) break;
  }
  return best?.text ?? original;
}

export interface ParagraphOptions extends RewriteOptions {
  /** Position of the paragraph in its document (its seed depends on it). */
  index?: number;
  /** Rewrite only these code-point ranges [start, end) of the (trimmed) paragraph; the rest stays as written. */
  ranges?: Array<[number, number]>;
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
    return { index, original, rewritten: original, offline: !useModel, changed: false, ...figures(original, original, spans) };
  }
  if (options.ranges) return rewriteRanges(original, spans, { ...options, index, ranges: options.ranges });
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

/** Merged, in-bounds ranges in order. */
function cleanRanges(ranges: ReadonlyArray<[number, number]>, length: number): Array<[number, number]> {
  const sorted = ranges
    .map(([a, b]) => [Math.max(0, Math.min(a, length)), Math.max(0, Math.min(b, length))] as [number, number])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([...r]);
  }
  return out;
}

/** Only the given sentences of a paragraph rewritten (each on its own), the text between them kept. */
async function rewriteRanges(original: string, spans: readonly ProtectedSpan[], options: ParagraphOptions & { index: number; ranges: Array<[number, number]> }): Promise<RewrittenParagraph> {
  const codes = [...original];
  const ranges = cleanRanges(options.ranges, codes.length);
  let out = '';
  let at = 0;
  let offline = true;
  let changed = false;
  for (const [k, [start, end]] of ranges.entries()) {
    out += codes.slice(at, start).join('');
    const piece = codes.slice(start, end).join('');
    const lead = piece.length - piece.trimStart().length;
    const trail = piece.length - piece.trimEnd().length;
    const p = await rewriteParagraph(piece, { ...options, ranges: undefined, seed: ((options.seed ?? 1) + k * 0x2545f491) >>> 0 });
    out += piece.slice(0, lead) + p.rewritten + piece.slice(piece.length - trail);
    offline &&= p.offline;
    changed ||= p.changed !== false && p.rewritten !== p.original;
    at = end;
  }
  out += codes.slice(at).join('');
  // A protected span crossing a sentence edge could have been rewritten in part: then keep the paragraph.
  const rewritten = keepsProtected(spans, out) ? out : original;
  return { index: options.index, original, rewritten, offline, changed: changed && rewritten !== original, ...figures(original, rewritten, spans) };
}

/** Rewrites every paragraph of a text, in order, handing each to onParagraph as soon as it is done. */
export async function rewriteDocument(text: string, options: RewriteOptions): Promise<RewriteResult> {
  const paragraphs: RewrittenParagraph[] = [];
  const useModel = options.mode !== 'smart' && Boolean(options.gateway?.configured('rewrite'));
  for (const [index, original] of documentParagraphs(text).entries()) {
    options.signal?.throwIfAborted();
    const selected = options.only ? options.only[paragraphKey(original)] : true;
    let p: RewrittenParagraph;
    if (!selected) {
      const spans = findProtectedSpans(original, { terms: options.protectedTerms, technical: false });
      p = { index, original, rewritten: original, offline: !useModel, changed: false, ...figures(original, original, spans) };
    } else p = await rewriteParagraph(original, { ...options, index, ranges: selected === true ? undefined : selected });
    paragraphs.push(p);
    await options.onParagraph?.(p);
  }
  const offline = options.mode === 'smart' || !useModel || paragraphs.some((p) => p.offline && p.changed !== false);
  return { mode: options.mode, offline, paragraphs };
}

import { scoreAigc } from '../aigc/detect';
import { toCodePoints } from '../text/code-points';
import { splitSentences } from '../text/split';
import { bigramOverlap, similarityToOriginal } from './measure';
import { modelRewrite, type ModelSettings } from './model';
import { findProtectedSpans, keepsProtected, type ProtectedSpan } from './protect';
import { paragraphSeed } from './random';
import { keptWhole, type SentenceStatus } from './sentences';
import { rewriteSentences, SMART_SETTINGS, type SmartSettings } from './smart';
import { documentStructure, isRewritable, type ParagraphRole } from './structure';
import { documentTerms } from './terms';
import type { RewriteMode, RewriteOptions, RewriteResult, RewrittenParagraph } from './types';

// The rewording engine (降重, 强力降重, 学术库降重, 智能降重, 润色改写, 降AIGC). First, do no harm: the title,
// headings, captions, 关键词, the 参考文献 list and what follows it, formulas, code and short lines are
// kept as they are (structure.ts); in the paragraphs it rewrites, numbers, citations, quotations, names and
// terms are protected (protect.ts, terms.ts) and every sentence is either rewritten and checked
// (checks.ts) or kept and marked with the reason. Every paragraph comes back with its figures: similarity
// to the original as our 查重 measures it, the bigram overlap and whether every protected span is unchanged.

export type { RewriteMode, RewriteOptions, RewriteResult, RewrittenParagraph } from './types';
export { isRewriteMode, REWRITE_MODES } from './types';
export { bigramOverlap, lengthRatio, similarityToOriginal } from './measure';
export { findProtectedSpans, keepsProtected, missingSpans, type ProtectedKind, type ProtectedSpan } from './protect';
export { alignParagraphs, type AlignedPair } from './align';
export { modelSettings } from './model';
export { checkTerms, lostTerms, type TermCheck } from './term-check';
export { countSentences, KEPT_REASONS, type KeptReason, type SentenceCounts, type SentenceStatus } from './sentences';
export { documentStructure, PARAGRAPH_ROLES, type ParagraphRole } from './structure';
export { documentTerms } from './terms';

/** How hard the offline engine works per mode (its own mode, and the fallback of the model modes). */
export const OFFLINE_SETTINGS: Record<RewriteMode, SmartSettings> = {
  smart: SMART_SETTINGS,
  rewrite: SMART_SETTINGS,
  cnki: SMART_SETTINGS,
  aigc: { ...SMART_SETTINGS, dropTemplates: true },
  strong: { substitute: 1, transform: 1 },
  polish: { substitute: 0.3, transform: 0 },
};

/**
 * 降AIGC offline: attempts at the whole paragraph, the one our detector finds least machine-like kept, and
 * only if it scores lower than the original: a rewording that reads more machine-like is no 降AIGC.
 */
const AIGC_ATTEMPTS = 8;

/** The key a paragraph is selected by in RewriteOptions.only: its text without whitespace. */
export const paragraphKey = (text: string) => text.replace(/\s+/g, '');

function figures(original: string, rewritten: string, spans: readonly ProtectedSpan[]) {
  return {
    similarityToOriginal: similarityToOriginal(original, rewritten),
    bigramOverlap: bigramOverlap(original, rewritten),
    protectedKept: keepsProtected(spans, rewritten),
  };
}

/** The offline rewrite of a body paragraph with the status of each sentence. */
export function offlineParagraph(original: string, spans: readonly ProtectedSpan[], terms: readonly string[], seed: number, mode: RewriteMode) {
  if (mode !== 'aigc') return rewriteSentences(original, spans, terms, seed, OFFLINE_SETTINGS[mode]);
  let best: { result: ReturnType<typeof rewriteSentences>; aigc: number; score: number } | null = null;
  // Attempts often come out the same (few safe edits): each wording is scored once (the detector is ~10 ms).
  const scored = new Set<string>();
  for (let attempt = 0; attempt < AIGC_ATTEMPTS; attempt++) {
    const result = rewriteSentences(original, spans, terms, (seed + attempt * 0x9e3779b9) >>> 0, OFFLINE_SETTINGS.aigc);
    if (scored.has(result.text)) continue;
    scored.add(result.text);
    const aigc = scoreAigc(result.text);
    const score = aigc + 0.2 * similarityToOriginal(original, result.text);
    if (!best || score < best.score) best = { result, aigc, score };
  }
  if (best!.aigc < scoreAigc(original)) return best!.result;
  const sentences = best!.result.sentences.map((s): SentenceStatus => (s.status === 'rewritten' ? { start: s.start, end: s.end, status: 'kept', reason: 'not-lowered' } : s));
  return { text: original, sentences };
}

/** Which sentences of a model's rewrite are the original's unchanged (the rest it rewrote). */
function modelStatuses(original: string, rewritten: string): SentenceStatus[] {
  const codes = toCodePoints(original);
  return splitSentences(codes, { start: 0, end: codes.length }).map((r) => {
    const sentence = String.fromCodePoint(...codes.subarray(r.start, r.end));
    const kept = rewritten.includes(sentence);
    return kept ? { start: r.start, end: r.end, status: 'kept', reason: 'model-kept' } : { start: r.start, end: r.end, status: 'rewritten' };
  });
}

export interface ParagraphOptions extends RewriteOptions {
  /** Position of the paragraph in its document (its seed depends on it). */
  index?: number;
  /** Rewrite only these code-point ranges [start, end) of the (trimmed) paragraph; the rest stays as written. */
  ranges?: Array<[number, number]>;
  /** Model settings instead of the environment's (tests, the bench). */
  modelSettings?: Partial<ModelSettings>;
  /** The document's terms (rewriteDocument finds them once); alone, the paragraph's own are found. */
  terms?: readonly string[];
  /** What the paragraph is in its document; alone, it is judged by itself (a heading line stays a heading). */
  role?: ParagraphRole;
}

const useModelFor = (options: RewriteOptions) => options.mode !== 'smart' && Boolean(options.gateway?.configured('rewrite'));

/** Rewrites one paragraph (reload of one pair, reduction of a short passage). */
export async function rewriteParagraph(text: string, options: ParagraphOptions): Promise<RewrittenParagraph> {
  const original = text.trim();
  const index = options.index ?? 0;
  const useModel = useModelFor(options);
  const role = options.role ?? documentStructure(original, { title: options.title }).roles[0] ?? 'body';
  const terms = options.terms ?? documentTerms([original], [role], { userTerms: options.protectedTerms, title: options.title });
  const spans = findProtectedSpans(original, { terms: options.protectedTerms, documentTerms: terms });
  const base = { index, original, role, offline: !useModel };
  if (!isRewritable(role) || !original) {
    return { ...base, rewritten: original, changed: false, sentences: keptWhole(original, role === 'body' ? 'protected' : role), ...figures(original, original, spans) };
  }
  if (options.ranges) return rewriteRanges(original, spans, { ...options, index, terms, role, ranges: options.ranges });
  let rejected = false;
  if (useModel) {
    const { best } = await modelRewrite({
      text: original,
      mode: options.mode as Exclude<RewriteMode, 'smart'>,
      spans,
      terms,
      gateway: options.gateway!,
      signal: options.signal,
      taskId: options.taskId,
      settings: { ...(options.candidates ? { candidates: options.candidates } : {}), ...options.modelSettings },
    });
    if (best) return { ...base, rewritten: best.text, offline: false, changed: best.text !== original, sentences: modelStatuses(original, best.text), ...figures(original, best.text, spans) };
    rejected = true;
  }
  const result = offlineParagraph(original, spans, terms, paragraphSeed(options.seed ?? 1, index), options.mode);
  const sentences = rejected ? result.sentences.map((s) => (s.reason === 'no-safe-edit' ? { ...s, reason: 'model-rejected' as const } : s)) : result.sentences;
  return { ...base, rewritten: result.text, offline: true, changed: result.text !== original, sentences, ...figures(original, result.text, spans) };
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

/** The sentences of a stretch of text left as it is (not selected), offset to its place in the paragraph. */
function notSelected(codes: string[], start: number, end: number): SentenceStatus[] {
  const piece = codes.slice(start, end).join('');
  if (!piece.trim()) return [];
  const cps = toCodePoints(piece);
  return splitSentences(cps, { start: 0, end: cps.length }).map((r) => ({ start: start + r.start, end: start + r.end, status: 'kept', reason: 'not-selected' }));
}

/** Only the given sentences of a paragraph rewritten (each on its own), the text between them kept. */
async function rewriteRanges(
  original: string,
  spans: readonly ProtectedSpan[],
  options: ParagraphOptions & { index: number; terms: readonly string[]; role: ParagraphRole; ranges: Array<[number, number]> },
): Promise<RewrittenParagraph> {
  const codes = [...original];
  const ranges = cleanRanges(options.ranges, codes.length);
  let out = '';
  let at = 0;
  let offline = true;
  const sentences: SentenceStatus[] = [];
  for (const [k, [start, end]] of ranges.entries()) {
    out += codes.slice(at, start).join('');
    sentences.push(...notSelected(codes, at, start));
    const piece = codes.slice(start, end).join('');
    const lead = [...piece].length - [...piece.trimStart()].length;
    const trail = piece.length - piece.trimEnd().length;
    const p = await rewriteParagraph(piece, { ...options, ranges: undefined, seed: ((options.seed ?? 1) + k * 0x2545f491) >>> 0 });
    out += piece.slice(0, piece.length - piece.trimStart().length) + p.rewritten + piece.slice(piece.length - trail);
    sentences.push(...p.sentences.map((s) => ({ ...s, start: s.start + start + lead, end: s.end + start + lead })));
    offline &&= p.offline;
    at = end;
  }
  out += codes.slice(at).join('');
  sentences.push(...notSelected(codes, at, codes.length));
  // A protected span crossing a sentence edge could have been rewritten in part: then keep the paragraph.
  const kept = keepsProtected(spans, out);
  const rewritten = kept ? out : original;
  return {
    index: options.index,
    original,
    role: options.role,
    rewritten,
    offline,
    changed: rewritten !== original,
    sentences: kept ? sentences : sentences.map((s) => (s.status === 'rewritten' ? { ...s, status: 'kept', reason: 'protected' } : s)),
    ...figures(original, rewritten, spans),
  };
}

/** Rewrites every paragraph of a text, in order, handing each to onParagraph as soon as it is done. */
export async function rewriteDocument(text: string, options: RewriteOptions): Promise<RewriteResult> {
  const { paragraphs, roles } = documentStructure(text, { title: options.title, backMatter: options.backMatter });
  const terms = documentTerms(paragraphs, roles, { userTerms: options.protectedTerms, title: options.title });
  const useModel = useModelFor(options);
  const done: RewrittenParagraph[] = [];
  for (const [index, original] of paragraphs.entries()) {
    options.signal?.throwIfAborted();
    const role = roles[index];
    const selected = options.skip?.includes(index) ? undefined : options.only ? options.only[paragraphKey(original)] : true;
    let p: RewrittenParagraph;
    if (!selected && isRewritable(role)) {
      const spans = findProtectedSpans(original, { terms: options.protectedTerms, technical: false });
      p = { index, original, role, rewritten: original, offline: !useModel, changed: false, sentences: notSelected([...original], 0, [...original].length), ...figures(original, original, spans) };
    } else p = await rewriteParagraph(original, { ...options, index, terms, role, ranges: selected === true || !selected ? undefined : selected });
    done.push(p);
    await options.onParagraph?.(p);
  }
  const offline = options.mode === 'smart' || !useModel || done.some((p) => p.offline && p.changed !== false);
  return { mode: options.mode, offline, paragraphs: done, terms };
}

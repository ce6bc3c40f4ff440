import type { LlmGateway } from '../llm';
import { checkRewrite } from './checks';
import { bigramOverlap, similarityToOriginal } from './measure';
import { cleanAnswer, rewritePrompt } from './prompts';
import { hasPlaceholderMarks, maskSpans, type ProtectedSpan, unmaskText } from './protect';
import type { RewriteMode } from './types';

// The model modes: N candidates per paragraph through the gateway (the only way to a model), each
// unmasked and put through the same checks as the offline engine's sentences (checks.ts: every protected
// span back unchanged, every term whole, no doubled particle or word, a sane length) and the meaning
// proxy's floor, scored with our own engines, the best kept. Null when no candidate passes: the caller
// falls back to the offline engine, whose sentences pass the same checks or stay as they were.

export type ModelMode = Exclude<RewriteMode, 'smart'>;

export interface Candidate {
  text: string;
  similarity: number;
  overlap: number;
  /** AIGC score (0-1) when the detector is available, else null. */
  aigc: number | null;
  /** Why it was rejected, or null when it passed. */
  rejected: null | 'placeholder' | 'protected' | 'term' | 'grammar' | 'meaning' | 'length' | 'empty';
}

export interface ModelSettings {
  candidates: number;
  /** Bigram overlap (Dice) a candidate must reach: below it the meaning is taken as lost. */
  meaningFloor: number;
}

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number between ${min} and ${max}`);
  return value;
}

/** REWRITE_CANDIDATES (1-8, default 3) and REWRITE_MEANING_FLOOR (0-1, default 0.2). */
export function modelSettings(): ModelSettings {
  return {
    candidates: Math.round(envNumber('REWRITE_CANDIDATES', 3, 1, 8)),
    meaningFloor: envNumber('REWRITE_MEANING_FLOOR', 0.2, 0, 1),
  };
}

type AigcScorer = (text: string) => number;
let aigcScorer: Promise<AigcScorer | null> | undefined;

/** The AIGC detector's score function when server/engines/aigc is in the tree, else null. */
export function loadAigcScorer(): Promise<AigcScorer | null> {
  const path = '../aigc/index.ts';
  aigcScorer ??= import(/* @vite-ignore */ new URL(path, import.meta.url).href)
    .then((mod: { scoreAigc?: AigcScorer }) => (typeof mod.scoreAigc === 'function' ? mod.scoreAigc : null))
    .catch(() => null);
  return aigcScorer;
}

/** Lower is better. */
export function candidateScore(mode: ModelMode, c: Candidate): number {
  switch (mode) {
    case 'polish':
      // Fluency is the model's job; of the faithful candidates keep the one closest in content.
      return -c.overlap;
    case 'aigc':
      return (c.aigc ?? c.similarity) + 0.2 * c.similarity - 0.1 * c.overlap;
    default:
      return c.similarity - 0.1 * c.overlap;
  }
}

/** The best candidate that passed, or null. */
export function selectBest(mode: ModelMode, candidates: readonly Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  for (const c of candidates) {
    if (c.rejected) continue;
    if (!best || candidateScore(mode, c) < candidateScore(mode, best)) best = c;
  }
  return best;
}

export function judgeCandidate(
  original: string,
  answer: string,
  slots: readonly string[] | null,
  spans: readonly ProtectedSpan[],
  terms: readonly string[],
  floor: number,
  aigc: AigcScorer | null,
): Candidate {
  const empty: Candidate = { text: '', similarity: 1, overlap: 0, aigc: null, rejected: 'empty' };
  const cleaned = cleanAnswer(answer);
  if (!cleaned) return empty;
  const text = slots ? unmaskText(cleaned, slots) : cleaned;
  if (text === null) return { ...empty, text: cleaned, rejected: 'placeholder' };
  const similarity = similarityToOriginal(original, text);
  const overlap = bigramOverlap(original, text);
  const base: Candidate = { text, similarity, overlap, aigc: null, rejected: null };
  const problems = checkRewrite({ original, candidate: text, spans, terms });
  if (problems.includes('protected')) return { ...base, rejected: 'protected' };
  if (problems.includes('term')) return { ...base, rejected: 'term' };
  if (problems.includes('length')) return { ...base, rejected: 'length' };
  if (problems.length) return { ...base, rejected: 'grammar' };
  if (overlap < floor) return { ...base, rejected: 'meaning' };
  return { ...base, aigc: aigc ? aigc(text) : null };
}

export interface ModelRewriteInput {
  text: string;
  mode: ModelMode;
  spans: readonly ProtectedSpan[];
  /** The document's and the user's terms: listed for the model to keep, checked in every candidate. */
  terms: readonly string[];
  gateway: LlmGateway;
  signal?: AbortSignal;
  taskId?: string;
  settings?: Partial<ModelSettings>;
}

/** Best of N model rewrites of one paragraph, or null when none passed. Model errors propagate. */
export async function modelRewrite(input: ModelRewriteInput): Promise<{ best: Candidate | null; candidates: Candidate[] }> {
  const settings = { ...modelSettings(), ...input.settings };
  const masking = !hasPlaceholderMarks(input.text);
  // Terms and names stay readable for the model (listed as terms to keep); the rest is masked.
  const readable = (s: ProtectedSpan) => s.kind === 'technical' || s.kind === 'name';
  const masked = masking ? maskSpans(input.text, input.spans.filter((s) => !readable(s))) : { text: input.text, slots: null };
  const keepTerms = [...new Set([...input.spans.filter((s) => readable(s) || !masking).map((s) => s.text), ...input.terms.filter((t) => input.text.includes(t))])];
  const aigc = input.mode === 'aigc' ? await loadAigcScorer() : null;
  const n = settings.candidates;
  const answers = await Promise.all(
    Array.from({ length: n }, (_, k) =>
      input.gateway.complete({
        feature: 'rewrite',
        messages: rewritePrompt(input.mode, masked.text, keepTerms, k + 1, n),
        temperature: input.mode === 'polish' ? 0.4 + 0.2 * k : 0.7 + 0.15 * k,
        maxTokens: Math.min(4000, 2 * [...input.text].length + 200),
        signal: input.signal,
        taskId: input.taskId,
      }),
    ),
  );
  const candidates = answers.map((a) => judgeCandidate(input.text, a.content, masked.slots, input.spans, input.terms, settings.meaningFloor, aigc));
  return { best: selectBest(input.mode, candidates), candidates };
}

import type { LlmGateway } from '../llm/gateway';
import { LlmError } from '../llm/errors';
import type { LlmFeature, LlmTokenLogprob } from '../llm/types';
import { analyzeText } from '../text/document';
import { fromCodePoints } from '../text/code-points';
import { AIGC_MIN_PARAGRAPH_CHARS, detectAigc } from './detect';
import type { AigcLlmScores, AigcOptions, AigcReport } from './types';

// A second score in the spirit of Fast-DetectGPT (Bao et al., 2024): machine text sits where the model's
// own distribution puts its mass, so the log-probability of each token, measured against the mean and
// variance of log-probability under the model's distribution at that position, comes out high. Here the
// distribution is the endpoint's top log-probabilities, renormalised.
//
// A chat endpoint returns log-probabilities of what it writes, not of what it reads, so the model is asked
// to copy the paragraph word for word; the tokens of the copy that spell the paragraph are measured. A
// copy that does not contain the paragraph (the model changed it) gives no score for that paragraph.

/** Fewest measured tokens for a curvature worth using. */
export const MIN_CURVATURE_TOKENS = 8;
/** Alternatives per token asked of the endpoint. */
export const TOP_LOGPROBS = 5;

/**
 * Analytic sampling-discrepancy curvature of a run of tokens: sum of (log p(x_t) - E[log p]) over
 * sqrt(sum of Var[log p]), expectations under the renormalised top-k distribution at each position.
 * Null when fewer than MIN_CURVATURE_TOKENS positions carry two or more alternatives.
 */
export function curvature(tokens: readonly LlmTokenLogprob[]): number | null {
  let discrepancy = 0;
  let variance = 0;
  let n = 0;
  for (const t of tokens) {
    const top = t.topLogprobs;
    if (top.length < 2 || !Number.isFinite(t.logprob)) continue;
    let max = -Infinity;
    for (const a of top) max = Math.max(max, a.logprob);
    let z = 0;
    for (const a of top) z += Math.exp(a.logprob - max);
    const logZ = max + Math.log(z);
    let mean = 0;
    let second = 0;
    for (const a of top) {
      const lp = a.logprob - logZ;
      const p = Math.exp(lp);
      mean += p * lp;
      second += p * lp * lp;
    }
    discrepancy += Math.min(0, t.logprob - logZ) - mean;
    variance += Math.max(0, second - mean * mean);
    n++;
  }
  if (n < MIN_CURVATURE_TOKENS) return null;
  return discrepancy / Math.sqrt(Math.max(variance, 1e-6 * n));
}

/** The tokens of `answer` that spell `target` (its first occurrence), or null when the answer does not contain it. */
export function tokensSpelling(tokens: readonly LlmTokenLogprob[], target: string): LlmTokenLogprob[] | null {
  const content = tokens.map((t) => t.token).join('');
  const at = content.indexOf(target);
  if (at < 0 || !target) return null;
  const out: LlmTokenLogprob[] = [];
  let offset = 0;
  for (const t of tokens) {
    const end = offset + t.token.length;
    if (offset >= at && end <= at + target.length) out.push(t);
    offset = end;
  }
  return out;
}

export interface AigcModelOptions extends AigcOptions {
  /** The gateway feature whose model is asked (default 'chat'). */
  feature?: LlmFeature;
  taskId?: string;
  signal?: AbortSignal;
  /** Paragraphs asked of the model at most (the longest first); the rest keep the offline score. Default 40. */
  maxParagraphs?: number;
}

const COPY_PROMPT = '请逐字照抄用户发来的文字，不增删、不改动任何字符，不要加任何说明。';

/** Curvature per paragraph from the model (null where the endpoint gave none). */
export async function llmScores(text: string, gateway: LlmGateway, options: AigcModelOptions = {}): Promise<AigcLlmScores> {
  const feature = options.feature ?? 'chat';
  const { codes, prefix, paragraphs } = analyzeText(text);
  const scores: Array<number | null> = paragraphs.map(() => null);
  const asked = paragraphs
    .map((p, index) => ({ index, chars: prefix[p.end] - prefix[p.start] }))
    .filter((p) => p.chars >= AIGC_MIN_PARAGRAPH_CHARS)
    .sort((a, b) => b.chars - a.chars)
    .slice(0, options.maxParagraphs ?? 40);
  for (const { index } of asked) {
    const paragraph = fromCodePoints(codes, paragraphs[index].start, paragraphs[index].end);
    try {
      const answer = await gateway.complete({
        feature,
        messages: [
          { role: 'system', content: COPY_PROMPT },
          { role: 'user', content: paragraph },
        ],
        temperature: 0,
        topLogprobs: TOP_LOGPROBS,
        maxTokens: Math.min(4096, 2 * [...paragraph].length + 32),
        taskId: options.taskId,
        signal: options.signal,
      });
      const spelled = tokensSpelling(answer.logprobs, paragraph);
      scores[index] = spelled ? curvature(spelled) : null;
    } catch (error) {
      // A stopped task stops here; any other failure leaves this paragraph to the offline score.
      if (error instanceof LlmError && error.kind === 'aborted') throw error;
      if (options.signal?.aborted) throw error;
    }
  }
  return { paragraphs: scores, model: gateway.model(feature) ?? undefined };
}

/**
 * detectAigc with the model's log-probability score combined in, when the gateway's endpoint for the
 * feature returns log-probabilities; otherwise (not configured, no log-probabilities, the probe failed)
 * the offline report, whose detector.llm says false.
 */
export async function detectAigcWithModel(text: string, gateway: LlmGateway, opts: AigcModelOptions = {}): Promise<AigcReport> {
  const feature = opts.feature ?? 'chat';
  let usable = false;
  if (gateway.configured(feature)) {
    try {
      usable = await gateway.supportsLogprobs(feature);
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      usable = false;
    }
  }
  if (!usable) return detectAigc(text, { threshold: opts.threshold });
  const llm = await llmScores(text, gateway, opts);
  return detectAigc(text, { threshold: opts.threshold, llm });
}

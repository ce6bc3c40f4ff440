import { analyzeText } from '../text/document';
import { bandOf } from './bands';
import { sentenceInputs, spanInputs } from './context';
import { applyHead, bundledModel, contribution, type Model, sentenceLogit, sigmoid } from './model';
import { reasonsFor } from './reasons';
import { extractFeatures, type SentenceFeatures } from './features';
import type { AigcOptions, AigcParagraph, AigcReport } from './types';

/** Fewest counted characters (字数 rule) of a text the detector judges; shorter texts are reported tooShort. */
export const AIGC_MIN_CHARS = 50;
/** Fewest counted characters of a paragraph whose sentences can be judged (headings, captions are shorter). */
export const AIGC_MIN_PARAGRAPH_CHARS = 10;
/** Default decision threshold on a sentence's probability (also the CLI's 0.5). */
export const AIGC_THRESHOLD = 0.5;

export const DETECTOR_NAME = 'moyan-aigc';

interface Scored {
  start: number;
  end: number;
  features: SentenceFeatures;
  logit: number;
  chars: number;
}

/** A shift of the log-odds from the language model's curvature score (0 without one). */
export function llmShift(model: Model, curvature: number | null | undefined): number {
  if (curvature === null || curvature === undefined || !Number.isFinite(curvature)) return 0;
  const { weight, center, clip } = model.file.llm;
  return weight * Math.max(-clip, Math.min(clip, curvature - center));
}

/**
 * Scores a text offline: a probability for every sentence, paragraph and the document, the sentences judged
 * machine-written (probability >= threshold), AI字符占比 and its band. Synchronous and pure; offsets are code
 * points into `text`.
 */
export function detectAigc(text: string, opts: AigcOptions = {}, model: Model = bundledModel()): AigcReport {
  const threshold = opts.threshold ?? AIGC_THRESHOLD;
  const { codes, prefix, paragraphs } = analyzeText(text);
  const chars = prefix[codes.length];
  const tooShort = chars < AIGC_MIN_CHARS;
  const sentenceHead = model.file.sentenceHead;
  const spanHead = model.file.spanHead;

  const allLogits: number[] = [];
  const allLengths: number[] = [];
  const out: AigcParagraph[] = [];
  let aiChars = 0;
  paragraphs.forEach((paragraph, index) => {
    const shift = llmShift(model, opts.llm?.paragraphs[index]);
    const scored: Scored[] = paragraph.sentences.map(({ start, end }) => {
      const features = extractFeatures(codes, start, end);
      return { start, end, features, logit: sentenceLogit(model, features) + shift, chars: prefix[end] - prefix[start] };
    });
    const logits = scored.map((s) => s.logit);
    const lengths = scored.map((s) => s.end - s.start);
    allLogits.push(...logits);
    allLengths.push(...lengths);
    const span = spanInputs(logits, lengths);
    const paragraphChars = prefix[paragraph.end] - prefix[paragraph.start];
    const paragraphShort = tooShort || paragraphChars < AIGC_MIN_PARAGRAPH_CHARS;
    let paragraphAi = 0;
    const sentences = scored.map((s) => {
      const score = sigmoid(applyHead(sentenceHead, sentenceInputs(s.logit, span)));
      const machine = !paragraphShort && score >= threshold;
      if (machine) paragraphAi += s.chars;
      const reasons = machine
        ? reasonsFor(model, s.features, { codes, start: s.start, end: s.end }, {
            paragraph: contribution(sentenceHead, 'context', span.mean),
            burst: contribution(sentenceHead, 'burst', span.burst),
          })
        : [];
      return { start: s.start, end: s.end, score, machine, reasons };
    });
    aiChars += paragraphAi;
    out.push({
      index,
      start: paragraph.start,
      end: paragraph.end,
      score: sigmoid(applyHead(spanHead, span)),
      chars: paragraphChars,
      aiChars: paragraphAi,
      band: paragraphShort ? 'none' : bandOf(paragraphChars ? paragraphAi / paragraphChars : 0),
      tooShort: paragraphChars < AIGC_MIN_PARAGRAPH_CHARS,
      sentences,
    });
  });

  const aiCharRatio = chars ? aiChars / chars : 0;
  return {
    score: allLogits.length ? sigmoid(applyHead(spanHead, spanInputs(allLogits, allLengths))) : 0,
    aiCharRatio,
    band: tooShort ? 'none' : bandOf(aiCharRatio),
    tooShort,
    chars,
    aiChars,
    paragraphs: out,
    detector: {
      name: DETECTOR_NAME,
      version: model.file.header.version,
      threshold,
      falseAccusationRate: model.file.falseAccusationRate,
      llm: Boolean(opts.llm && opts.llm.paragraphs.some((c) => c !== null && c !== undefined)),
    },
  };
}

/** The document probability alone (what `aigc --jsonl` prints): the same as detectAigc(text).score, without reasons. */
export function scoreAigc(text: string, model: Model = bundledModel()): number {
  const { codes, paragraphs } = analyzeText(text);
  const logits: number[] = [];
  const lengths: number[] = [];
  for (const p of paragraphs) {
    for (const { start, end } of p.sentences) {
      logits.push(sentenceLogit(model, extractFeatures(codes, start, end)));
      lengths.push(end - start);
    }
  }
  return logits.length ? sigmoid(applyHead(model.file.spanHead, spanInputs(logits, lengths))) : 0;
}

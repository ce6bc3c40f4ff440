import { analyzeText } from '../text/document';
import { bandOf } from './bands';
import { sentenceInputs, spanInputs, spanRow } from './context';
import { DENSE, extractFeatures, type SentenceFeatures } from './features';
import { applyHead, bundledModel, contribution, type Model, sentenceLogit, sigmoid, standardisedVector } from './model';
import { reasonsFor } from './reasons';
import { type Forest, forestLogit } from './trees';
import type { AigcOptions, AigcParagraph, AigcReport } from './types';

/** Fewest counted characters (字数 rule) of a text the detector judges; shorter texts are reported tooShort. */
export const AIGC_MIN_CHARS = 50;
/** Fewest counted characters of a paragraph whose sentences can be judged (headings, captions are shorter). */
export const AIGC_MIN_PARAGRAPH_CHARS = 10;
/** Default decision threshold on a sentence's probability (also the CLI's 0.5). */
export const AIGC_THRESHOLD = 0.5;

export const DETECTOR_NAME = 'moyan-aigc';

/** A shift of the log-odds from the language model's curvature score (0 without one). */
export function llmShift(model: Model, curvature: number | null | undefined): number {
  if (curvature === null || curvature === undefined || !Number.isFinite(curvature)) return 0;
  const { weight, center, clip } = model.file.llm;
  return weight * Math.max(-clip, Math.min(clip, curvature - center));
}

interface Sentence {
  start: number;
  end: number;
  features: SentenceFeatures;
  /** Stage-1 log-odds and standardised dense values. */
  logit: number;
  dense: Float64Array;
  length: number;
}

function readSentence(model: Model, codes: Uint32Array, start: number, end: number): Sentence {
  const features = extractFeatures(codes, start, end);
  return { start, end, features, logit: sentenceLogit(model, features), dense: standardisedVector(model, features), length: end - start };
}

/** Log-odds of a span of sentences (a sentence alone, a paragraph; the document with the document forest). */
function spanLogit(model: Model, sentences: readonly Sentence[], forest: Forest = model.file.spanForest): number {
  if (!sentences.length) return -Infinity;
  const logits = sentences.map((s) => s.logit);
  const lengths = sentences.map((s) => s.length);
  return forestLogit(
    forest,
    spanRow(
      spanInputs(logits, lengths),
      sentences.map((s) => s.dense),
      lengths,
      DENSE,
    ),
  );
}

/** The document's log-odds: the document forest's when the model has one. */
function documentLogit(model: Model, sentences: readonly Sentence[]): number {
  return spanLogit(model, sentences, model.file.documentForest ?? model.file.spanForest);
}

/**
 * Scores a text offline: a probability for every sentence, paragraph and the document, the sentences judged
 * machine-written (probability >= threshold), AI字符占比 and its band. Synchronous and pure; offsets are code
 * points into `text`. With `opts.llm` (from detectAigcWithModel) each paragraph's log-odds also moves by
 * the language model's curvature score.
 */
export function detectAigc(text: string, opts: AigcOptions = {}, model: Model = bundledModel()): AigcReport {
  const threshold = opts.threshold ?? AIGC_THRESHOLD;
  const { codes, prefix, paragraphs } = analyzeText(text);
  const chars = prefix[codes.length];
  const tooShort = chars < AIGC_MIN_CHARS;
  const head = model.file.sentenceHead;

  const all: Sentence[] = [];
  const out: AigcParagraph[] = [];
  let aiChars = 0;
  let shiftSum = 0;
  let shiftWeight = 0;
  paragraphs.forEach((paragraph, index) => {
    const shift = llmShift(model, opts.llm?.paragraphs[index]);
    const read = paragraph.sentences.map(({ start, end }) => readSentence(model, codes, start, end));
    all.push(...read);
    const paragraphChars = prefix[paragraph.end] - prefix[paragraph.start];
    shiftSum += shift * paragraphChars;
    shiftWeight += paragraphChars;
    const paragraphShort = tooShort || paragraphChars < AIGC_MIN_PARAGRAPH_CHARS;
    const context = spanLogit(model, read);
    const span = spanInputs(
      read.map((s) => s.logit),
      read.map((s) => s.length),
    );
    let paragraphAi = 0;
    const sentences = read.map((s) => {
      const own = read.length === 1 ? context : spanLogit(model, [s]);
      const score = sigmoid(applyHead(head, sentenceInputs(own, context, span)) + shift);
      const machine = !paragraphShort && score >= threshold;
      const sentenceChars = prefix[s.end] - prefix[s.start];
      if (machine) paragraphAi += sentenceChars;
      const reasons = machine
        ? reasonsFor(
            model,
            s.features,
            { codes, start: s.start, end: s.end },
            { paragraph: read.length > 1 ? contribution(head, 'context', context) : 0, burst: contribution(head, 'burst', span.burst) },
          )
        : [];
      return { start: s.start, end: s.end, score, machine, reasons };
    });
    aiChars += paragraphAi;
    out.push({
      index,
      start: paragraph.start,
      end: paragraph.end,
      score: sigmoid(context + shift),
      chars: paragraphChars,
      aiChars: paragraphAi,
      band: paragraphShort ? 'none' : bandOf(paragraphChars ? paragraphAi / paragraphChars : 0),
      tooShort: paragraphChars < AIGC_MIN_PARAGRAPH_CHARS,
      sentences,
    });
  });

  const aiCharRatio = chars ? aiChars / chars : 0;
  const documentShift = shiftWeight ? shiftSum / shiftWeight : 0;
  return {
    score: all.length ? sigmoid(documentLogit(model, all) + documentShift) : 0,
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
      llm: Boolean(opts.llm?.paragraphs.some((c) => c !== null && c !== undefined && Number.isFinite(c))),
    },
  };
}

/** The document probability alone (what `aigc --jsonl` prints): the same as detectAigc(text).score, without the rest. */
export function scoreAigc(text: string, model: Model = bundledModel()): number {
  const { codes, paragraphs } = analyzeText(text);
  const all: Sentence[] = [];
  for (const p of paragraphs) for (const { start, end } of p.sentences) all.push(readSentence(model, codes, start, end));
  return all.length ? sigmoid(documentLogit(model, all)) : 0;
}

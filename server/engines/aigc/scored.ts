import { AIGC_BANDS, type AigcBand } from './bands';
import { detectAigc } from './detect';
import type { AigcLlmScores, AigcReport } from './types';
import { fromCodePoints, toCodePoints } from '../text/code-points';
import { analyzeText } from '../text/document';

// A detection as the service stores it: the engine's report cut into paragraphs with their own text, sentence
// offsets relative to the paragraph (code points), and the document's figures. Runs in a worker thread
// (the Compute port's scoreAigc): scoring a long paper is engine work, never the request thread's.

export interface StoredSentence {
  start: number;
  end: number;
  probability: number;
  machine: boolean;
  reasons: string[];
}

export interface ScoredParagraph {
  index: number;
  section: string | null;
  text: string;
  charCount: number;
  aiCharCount: number;
  probability: number;
  band: AigcBand;
  tooShort: boolean;
  sentences: StoredSentence[];
}

/** What the record shows once scored (aigc_detections.summary). */
export interface AigcSummary {
  score: number;
  aiCharRatio: number;
  band: AigcBand;
  tooShort: boolean;
  chars: number;
  aiChars: number;
  detector: AigcReport['detector'];
}

export interface ScoredDetection {
  summary: AigcSummary;
  paragraphs: ScoredParagraph[];
}

/** The band limits the report prints (lower bounds of 高度/中度/轻度疑似). */
export function bandLimits(): { high: number; medium: number; low: number } {
  const min = (band: AigcBand) => AIGC_BANDS.find((b) => b.band === band)?.min ?? 0;
  return { high: min('high'), medium: min('medium'), low: min('low') };
}

/** The heading of the section each paragraph sits in (null outside a titled section). */
function sectionTitles(text: string): Array<string | null> {
  const { paragraphs, sections } = analyzeText(text);
  return paragraphs.map((p) => {
    const heading = sections[p.section]?.heading.trim();
    return heading ? Array.from(heading).slice(0, 200).join('') : null;
  });
}

/** Scores a text (optionally with the model's per-paragraph scores) and cuts the report for storage. */
export function scoreDetection(text: string, options: { llm?: AigcLlmScores } = {}): ScoredDetection {
  const report = detectAigc(text, { llm: options.llm });
  const codes = toCodePoints(text);
  const sections = sectionTitles(text);
  const paragraphs = report.paragraphs.map((p) => ({
    index: p.index,
    section: sections[p.index] ?? null,
    text: fromCodePoints(codes, p.start, p.end),
    charCount: p.chars,
    aiCharCount: p.aiChars,
    probability: p.score,
    band: p.band,
    tooShort: p.tooShort,
    sentences: p.sentences.map((s) => ({
      start: s.start - p.start,
      end: s.end - p.start,
      probability: s.score,
      machine: s.machine,
      reasons: s.reasons.slice(0, 5),
    })),
  }));
  const { score, aiCharRatio, band, tooShort, chars, aiChars, detector } = report;
  return { summary: { score, aiCharRatio, band, tooShort, chars, aiChars, detector }, paragraphs };
}

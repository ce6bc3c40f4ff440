import type { AigcBand } from './bands';

/** One sentence of a report; offsets are code points into the text that was scored. */
export interface AigcSentence {
  start: number;
  end: number;
  /** Probability that the sentence is machine-written (read with its paragraph around it). */
  score: number;
  /** Judged machine-written: score at or above the threshold, in a paragraph and document long enough to judge. */
  machine: boolean;
  /** For a machine-judged sentence, what pushed it up, in plain Chinese (strongest first); else empty. */
  reasons: string[];
}

export interface AigcParagraph {
  index: number;
  start: number;
  end: number;
  /** Probability that the paragraph as a whole is machine-written. */
  score: number;
  /** Counted characters (字数 rule) of the paragraph and of its machine-judged sentences. */
  chars: number;
  aiChars: number;
  /** Band of the paragraph's own AI字符占比 (aiChars / chars); 'none' when too short. */
  band: AigcBand;
  /** Under AIGC_MIN_PARAGRAPH_CHARS (a heading, a caption): scored but never judged machine-written. */
  tooShort: boolean;
  sentences: AigcSentence[];
}

export interface AigcDetectorInfo {
  name: string;
  version: string;
  /** Decision threshold on a sentence's probability. */
  threshold: number;
  /** Share of held-out human academic abstracts (CSL) whose document score reached 0.5 (from the weights file). */
  falseAccusationRate: number;
  /** Whether the model gateway's log-probability score was combined in. */
  llm: boolean;
}

export interface AigcReport {
  /** Probability that the document as a whole is machine-written, 0-1. */
  score: number;
  /** AI字符占比: counted characters of machine-judged sentences over all counted characters. */
  aiCharRatio: number;
  band: AigcBand;
  /** Under AIGC_MIN_CHARS counted characters: scored, but nothing is judged machine-written. */
  tooShort: boolean;
  chars: number;
  aiChars: number;
  paragraphs: AigcParagraph[];
  detector: AigcDetectorInfo;
}

/**
 * Log-probability scores from a language model (Fast-DetectGPT style curvature), one per paragraph index,
 * null where none could be had. detectAigcWithModel fills it; detectAigc combines it when given.
 */
export interface AigcLlmScores {
  paragraphs: Array<number | null>;
  model?: string;
}

export interface AigcOptions {
  /** Decision threshold on sentence probabilities (default 0.5, AIGC_THRESHOLD). */
  threshold?: number;
  llm?: AigcLlmScores;
}

import { toCodePoints } from './code-points';
import { charWeights, weightPrefix } from './count';
import { detectSections, type Section } from './sections';
import { splitParagraphs, splitSentences, type Range } from './split';

export interface Paragraph extends Range {
  section: number;
  sentences: Range[];
}

/** A text cut into sections, paragraphs and sentences; all offsets are code points into `text`. */
export interface DocumentStructure {
  text: string;
  codes: Uint32Array;
  /** Counted characters in [a, b) = prefix[b] - prefix[a]. */
  prefix: Uint32Array;
  paragraphs: Paragraph[];
  sections: Section[];
  totalChars: number;
}

export function analyzeText(text: string): DocumentStructure {
  const codes = toCodePoints(text);
  const prefix = weightPrefix(charWeights(codes));
  const ranges = splitParagraphs(codes);
  const sections = detectSections(codes, ranges);
  const paragraphs: Paragraph[] = ranges.map((r) => ({ ...r, section: 0, sentences: splitSentences(codes, r) }));
  sections.forEach((s, i) => {
    for (let p = s.firstParagraph; p < s.endParagraph; p++) paragraphs[p].section = i;
  });
  return { text, codes, prefix, paragraphs, sections, totalChars: prefix[codes.length] };
}

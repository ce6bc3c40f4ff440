import { fromCodePoints, toCodePoints } from './code-points';
import { charWeights, weightPrefix } from '@common/char-count';
import { detectSections, isSubheading, type Section } from './sections';
import { splitParagraphs, splitSentences, type Range } from './split';

export interface Paragraph extends Range {
  section: number;
  sentences: Range[];
  /** A heading line (a section's title, a numbered sub-heading in the body), not a paragraph of text. */
  heading: boolean;
}

/** A text cut into sections, paragraphs and sentences; all offsets are code points, indexes into `codes`. */
export interface DocumentStructure {
  codes: Uint32Array;
  /** Counted characters in [a, b) = prefix[b] - prefix[a]. */
  prefix: Uint32Array;
  paragraphs: Paragraph[];
  sections: Section[];
}

/** Longest paragraph kept whole; longer lines (pasted text without breaks) are cut at sentence ends. */
export const MAX_PARAGRAPH = 5000;

function limitLength(codes: Uint32Array, paragraph: Range): Range[] {
  if (paragraph.end - paragraph.start <= MAX_PARAGRAPH) return [paragraph];
  const out: Range[] = [];
  let current: Range | null = null;
  for (const s of splitSentences(codes, paragraph)) {
    for (let start = s.start; start < s.end; start += MAX_PARAGRAPH) {
      const piece = { start, end: Math.min(s.end, start + MAX_PARAGRAPH) };
      if (current && piece.end - current.start <= MAX_PARAGRAPH) current.end = piece.end;
      else {
        current = { ...piece };
        out.push(current);
      }
    }
  }
  return out;
}

export function analyzeText(text: string): DocumentStructure {
  const codes = toCodePoints(text);
  const prefix = weightPrefix(charWeights(codes));
  const ranges = splitParagraphs(codes).flatMap((p) => limitLength(codes, p));
  const sections = detectSections(codes, ranges);
  const paragraphs: Paragraph[] = ranges.map((r) => ({ ...r, section: 0, sentences: splitSentences(codes, r), heading: false }));
  sections.forEach((s, i) => {
    for (let p = s.firstParagraph; p < s.endParagraph; p++) {
      paragraphs[p].section = i;
      if (p === s.firstParagraph) paragraphs[p].heading = s.titled;
      else if (s.kind === 'body') paragraphs[p].heading = isSubheading(fromCodePoints(codes, paragraphs[p].start, paragraphs[p].end));
    }
  });
  return { codes, prefix, paragraphs, sections };
}

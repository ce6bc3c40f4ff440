import type { ReportFigures, ReportSection } from './types';

// 边改边查's estimate of the whole paper's 总文字复制比 after edits: the finished check's figures with each
// edited paragraph's characters and matched characters replaced by those of its re-check. It is what a
// full check of the edited paper would report against the same sources, as long as no copied passage runs
// across an edited paragraph's edge into text further than one line away; a full check may find others.

export interface ParagraphFigures {
  charCount: number;
  matchedChars: number;
}

export interface EditedParagraph {
  sectionIndex: number;
  /** As the finished check reported the paragraph. */
  before: ParagraphFigures;
  /** As its last re-check found it. */
  after: ParagraphFigures;
}

export interface SectionEstimate {
  index: number;
  charCount: number;
  matchedChars: number;
  ratio: number;
}

export interface RatioEstimate {
  totalChars: number;
  matchedChars: number;
  totalRatio: number;
  sections: SectionEstimate[];
}

/** Four decimals, as the report's ratios. */
export function ratioOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0;
}

export function estimateFigures(
  figures: Pick<ReportFigures, 'totalChars' | 'matchedChars'>,
  sections: readonly Pick<ReportSection, 'index' | 'charCount' | 'matchedChars' | 'excluded'>[],
  edits: readonly EditedParagraph[],
): RatioEstimate {
  const bySection = new Map(sections.map((s) => [s.index, { ...s }]));
  let totalChars = figures.totalChars;
  let matchedChars = figures.matchedChars;
  for (const edit of edits) {
    const section = bySection.get(edit.sectionIndex);
    const chars = edit.after.charCount - edit.before.charCount;
    const matched = edit.after.matchedChars - edit.before.matchedChars;
    if (section) {
      section.charCount += chars;
      section.matchedChars += matched;
    }
    if (section?.excluded) continue;
    totalChars += chars;
    matchedChars += matched;
  }
  return {
    totalChars,
    matchedChars,
    totalRatio: ratioOf(matchedChars, totalChars),
    sections: [...bySection.values()].map((s) => ({ index: s.index, charCount: s.charCount, matchedChars: s.matchedChars, ratio: ratioOf(s.matchedChars, s.charCount) })),
  };
}

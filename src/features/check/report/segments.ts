import type { ReportMatch, ReportParagraph, SentenceMark } from '@/api/gen/model';

export type Segment = { start: number; end: number; text: string; mark: SentenceMark; sourceId: string | null };

/** The paragraph cut at its sentence marks; offsets are code points, as the report gives them. */
export function segmentsOf(paragraph: ReportParagraph): Segment[] {
  const chars = Array.from(paragraph.text);
  const segments: Segment[] = [];
  const push = (start: number, end: number, mark: SentenceMark, sourceId: string | null) => {
    if (end > start) segments.push({ start, end, text: chars.slice(start, end).join(''), mark, sourceId });
  };
  let at = 0;
  for (const sentence of [...paragraph.sentences].sort((a, b) => a.start - b.start)) {
    const start = Math.max(sentence.start, at);
    push(at, start, 'none', null);
    push(start, sentence.end, sentence.mark, sentence.sourceId);
    at = Math.max(at, sentence.end);
  }
  push(at, chars.length, 'none', null);
  return segments;
}

/** The matches inside [start, end) of the paragraph. */
export function matchesWithin(paragraph: ReportParagraph, start: number, end: number): ReportMatch[] {
  return paragraph.matches.filter((match) => match.start < end && match.end > start);
}

export function sliceText(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}

/** red over half copied, orange some, grey none (green is for cited text): the colour of a ratio on the bar. */
export function ratioColor(ratio: number): string {
  if (ratio > 0.5) return 'red.500';
  if (ratio > 0) return 'orange.400';
  return 'gray.300';
}

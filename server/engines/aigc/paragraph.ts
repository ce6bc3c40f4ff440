import { countChars } from '@common/char-count';
import { AIGC_MIN_PARAGRAPH_CHARS, AIGC_THRESHOLD, detectAigc } from './detect';

export interface ParagraphAigc {
  score: number;
  chars: number;
  aiChars: number;
  sentences: Array<{ start: number; end: number; score: number; machine: boolean }>;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/**
 * AI traces of one paragraph by our detector. A sentence's probability depends only on its paragraph, so this
 * is what a detection of the whole paper gives it; a sentence is judged machine-written at the detector's
 * threshold in a paragraph long enough to judge (the paper is long enough, or it could not have been checked).
 */
export function scoreParagraphAigc(text: string): ParagraphAigc {
  const report = detectAigc(text);
  const codes = Array.from(text);
  const sentences: ParagraphAigc['sentences'] = [];
  let aiChars = 0;
  let weighted = 0;
  for (const paragraph of report.paragraphs) {
    const judged = paragraph.chars >= AIGC_MIN_PARAGRAPH_CHARS;
    weighted += paragraph.score * paragraph.chars;
    for (const s of paragraph.sentences) {
      const machine = judged && s.score >= AIGC_THRESHOLD;
      if (machine) aiChars += countChars(codes.slice(s.start, s.end).join(''));
      sentences.push({ start: s.start, end: s.end, score: round(s.score), machine });
    }
  }
  return { score: report.chars ? round(weighted / report.chars) : 0, chars: report.chars, aiChars, sentences };
}

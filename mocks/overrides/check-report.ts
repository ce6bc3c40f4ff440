import { countChars } from '@/lib/char-count';
import type { CheckFigures, CheckReport, ReportParagraph, ReportSentence, ReportSource } from '@/api/gen/model';
import { MOCK_PARAGRAPHS, MOCK_TITLES } from '../sample-text';

// A report the mocked server can stand behind: sentence offsets inside the paragraphs, figures that add
// up, and each match carrying its source's text, built from the paper's own paragraphs.

const SOURCES: ReportSource[] = [
  { id: 'src-1', title: MOCK_TITLES[0], origin: 'library', matchedChars: 0, ratio: 0 },
  { id: 'src-2', title: `${MOCK_TITLES[3]}（学位论文）`, origin: 'submission', matchedChars: 0, ratio: 0 },
];

function sentencesOf(text: string): Array<{ start: number; end: number }> {
  const chars = Array.from(text);
  const ranges: Array<{ start: number; end: number }> = [];
  let start = 0;
  chars.forEach((ch, i) => {
    if ('。！？；'.includes(ch) || i === chars.length - 1) {
      ranges.push({ start, end: i + 1 });
      start = i + 1;
    }
  });
  return ranges;
}

/** Every third paragraph copied (red, first source), the next with its first sentence partly copied (orange). */
function paragraphOf(text: string, index: number): ReportParagraph {
  const chars = Array.from(text);
  const sentences: ReportSentence[] = [];
  const matches: ReportParagraph['matches'] = [];
  let matchedChars = 0;
  sentencesOf(text).forEach((range, i) => {
    const piece = chars.slice(range.start, range.end).join('');
    if (index % 3 === 0) {
      sentences.push({ ...range, mark: 'red', sourceId: SOURCES[0].id });
      matches.push({ ...range, sourceId: SOURCES[0].id, sourceText: piece });
      matchedChars += countChars(piece);
    } else if (index % 3 === 1 && i === 0) {
      const end = range.start + Math.max(1, Math.floor((range.end - range.start) / 3));
      const part = chars.slice(range.start, end).join('');
      sentences.push({ ...range, mark: 'orange', sourceId: SOURCES[1].id });
      matches.push({ start: range.start, end, sourceId: SOURCES[1].id, sourceText: part });
      matchedChars += countChars(part);
    } else {
      sentences.push({ ...range, mark: 'none', sourceId: null });
    }
  });
  const charCount = countChars(text);
  return {
    index,
    section: 'body',
    sectionIndex: 0,
    text,
    charCount,
    matchedChars,
    ratio: charCount ? matchedChars / charCount : 0,
    sentences,
    matches,
  };
}

export function mockCheckReport(record: { id: string; title: string; author: string }, text?: string): CheckReport {
  const lines = (text ?? MOCK_PARAGRAPHS.join('\n')).split('\n').map((line) => line.trim()).filter(Boolean);
  const paragraphs = lines.map(paragraphOf);
  const totalChars = paragraphs.reduce((n, p) => n + p.charCount, 0);
  const bySource = new Map<string, number>();
  for (const p of paragraphs) for (const m of p.matches) bySource.set(m.sourceId, (bySource.get(m.sourceId) ?? 0) + countChars(m.sourceText));
  const ratio = (chars: number) => (totalChars ? chars / totalChars : 0);
  const sources = SOURCES.filter((s) => bySource.has(s.id)).map((s) => ({
    ...s,
    matchedChars: bySource.get(s.id) ?? 0,
    ratio: ratio(bySource.get(s.id) ?? 0),
  }));
  const matchedChars = paragraphs.reduce((n, p) => n + p.matchedChars, 0);
  const fifth = Math.max(1, Math.ceil(paragraphs.length / 5));
  const figures: CheckFigures = {
    totalRatio: ratio(matchedChars),
    ratioExcludingQuotes: ratio(matchedChars),
    ratioExcludingSelf: ratio(matchedChars),
    maxSingleRatio: Math.max(0, ...sources.map((s) => s.ratio)),
    totalChars,
    matchedChars,
    quotedChars: 0,
    paragraphCount: paragraphs.length,
    suspectParagraphCount: paragraphs.filter((p) => p.matchedChars > 0).length,
    frontMatchedChars: paragraphs.slice(0, fifth).reduce((n, p) => n + p.matchedChars, 0),
    rearMatchedChars: paragraphs.slice(-fifth).reduce((n, p) => n + p.matchedChars, 0),
    sourceCount: sources.length,
    referencesExcluded: true,
  };
  return {
    id: record.id,
    title: record.title,
    author: record.author,
    figures,
    sections: [{ index: 0, kind: 'body', heading: '正文', charCount: totalChars, matchedChars, ratio: figures.totalRatio, excluded: false }],
    sources,
    paragraphs,
    generatedAt: new Date().toISOString(),
  };
}

import { countChars } from '@common/char-count';
import type { CheckFigures, CheckReport, CheckScope, ReportParagraph, ReportSentence, ReportSource } from '@/api/gen/model';
import { hashOf } from '../seed';
import { MOCK_PARAGRAPHS, MOCK_TITLES } from '../sample-text';
import { PARAGRAPHS } from '../vocab/papers';

// A report the mocked server can stand behind: sentence offsets inside the paragraphs, figures that add
// up, and each match carrying its source's text, built from the paper's own paragraphs. Heading lines
// (第一章 …, 1.1 …) ride on the paragraph below them, as the real engine does.

const SOURCES: ReportSource[] = [
  { id: 'src-1', title: MOCK_TITLES[0], origin: 'library', author: '刘洋', source: '计算机学报', year: 2021, url: null, matchedChars: 0, ratio: 0 },
  { id: 'src-2', title: `${MOCK_TITLES[3]}（学位论文）`, origin: 'submission', author: null, source: null, year: null, url: null, matchedChars: 0, ratio: 0 },
  { id: 'src-3', title: '学术不端文献检测的原理与实践', origin: 'library', author: '王五', source: '图书情报工作', year: 2019, url: null, matchedChars: 0, ratio: 0 },
];

/** 检测范围 of the mocked instance: the public library and this school's own submissions. */
export const MOCK_SCOPE: CheckScope = {
  documents: 100_012,
  chars: 1_715_600_000,
  collections: [
    { name: '墨研公共比对库', kind: 'import', documents: 86_400, chars: 1_482_000_000 },
    { name: '中文学位论文（示例）', kind: 'import', documents: 13_600, chars: 233_440_000 },
    { name: '本校库', kind: 'submission', documents: 12, chars: 160_000 },
  ],
};

/** A properly cited quotation, as the engine recognises one. */
const QUOTATION = '王五指出：“文本相似度检测通过比较待检论文与比对库中的文献，找出字面上相同或高度相近的片段”[1]。';

/** The sample paper: two chapters, a sub-heading and a properly cited quotation among the sample paragraphs. */
export const MOCK_REPORT_TEXT = [
  '第一章 绪论',
  MOCK_PARAGRAPHS[0],
  MOCK_PARAGRAPHS[1],
  '1.1 研究现状',
  `${QUOTATION}${MOCK_PARAGRAPHS[2]}`,
  '第二章 研究方法',
  ...MOCK_PARAGRAPHS.slice(3),
].join('\n');

/** The paper behind a seeded check: the sample's chapters, with paragraphs chosen by the record's id. */
export function mockReportText(id: string): string {
  const start = hashOf(id) % PARAGRAPHS.length;
  const paragraph = (k: number) => `${PARAGRAPHS[(start + 2 * k) % PARAGRAPHS.length]}${PARAGRAPHS[(start + 2 * k + 1) % PARAGRAPHS.length]}`;
  return ['第一章 绪论', paragraph(0), paragraph(1), '1.1 研究现状', `${QUOTATION}${paragraph(2)}`, paragraph(3), '第二章 研究方法', paragraph(4), paragraph(5), paragraph(6), '第三章 结论', paragraph(7), paragraph(8)].join('\n');
}

/** How densely a seeded check's paragraphs are copied (every 2nd to every 5th), so ratios differ. */
export const mockCopyStride = (id: string) => 2 + (hashOf(id) % 4);

const CHAPTER = /^第[一二三四五六七八九十\d]+章\s*\S{1,28}$/;
const HEADING = /^(第[一二三四五六七八九十\d]+章|\d{1,2}(\.\d{1,2})+)\s*\S{1,28}$/;
const CITED = /“[^”]+”\[\d+\]/;

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

/**
 * A sentence with a “quotation”[n] is cited (third source); otherwise every `stride`-th paragraph is copied
 * (red, first source) and the next has its first sentence partly copied (orange).
 */
function paragraphOf(text: string, index: number, headings: string[], sectionIndex: number, stride: number): ReportParagraph {
  const chars = Array.from(text);
  const sentences: ReportSentence[] = [];
  const matches: ReportParagraph['matches'] = [];
  let matchedChars = 0;
  sentencesOf(text).forEach((range, i) => {
    const piece = chars.slice(range.start, range.end).join('');
    if (CITED.test(piece)) {
      sentences.push({ ...range, mark: 'cited', sourceId: SOURCES[2].id });
      matches.push({ ...range, sourceId: SOURCES[2].id, sourceText: piece });
      matchedChars += countChars(piece);
    } else if (index % stride === 0) {
      sentences.push({ ...range, mark: 'red', sourceId: SOURCES[0].id });
      matches.push({ ...range, sourceId: SOURCES[0].id, sourceText: piece });
      matchedChars += countChars(piece);
    } else if (index % stride === 1 && i === 0) {
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
    headings,
    section: 'body',
    sectionIndex,
    text,
    charCount,
    matchedChars,
    ratio: charCount ? matchedChars / charCount : 0,
    sentences,
    matches,
  };
}

/** The paragraphs, and the chapters (第…章) with their heading and counted heading characters. */
function structureOf(text: string, stride: number) {
  const paragraphs: ReportParagraph[] = [];
  const chapters: Array<{ heading: string; headingChars: number }> = [];
  let headings: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    if (!HEADING.test(line)) {
      if (chapters.length === 0) chapters.push({ heading: '', headingChars: 0 });
      paragraphs.push(paragraphOf(line, paragraphs.length, headings, chapters.length - 1, stride));
      headings = [];
      continue;
    }
    headings.push(line);
    if (CHAPTER.test(line)) chapters.push({ heading: line, headingChars: 0 });
    chapters[Math.max(0, chapters.length - 1)] ??= { heading: '', headingChars: 0 };
    chapters[chapters.length - 1].headingChars += countChars(line);
  }
  return { paragraphs, chapters };
}

export function mockCheckReport(record: { id: string; title: string; author: string }, text?: string, stride = 3): CheckReport {
  const { paragraphs, chapters } = structureOf(text ?? MOCK_REPORT_TEXT, stride);
  const sum = (list: ReportParagraph[], pick: (p: ReportParagraph) => number) => list.reduce((n, p) => n + pick(p), 0);
  const totalChars = sum(paragraphs, (p) => p.charCount) + chapters.reduce((n, c) => n + c.headingChars, 0);
  const bySource = new Map<string, number>();
  for (const p of paragraphs) for (const m of p.matches) bySource.set(m.sourceId, (bySource.get(m.sourceId) ?? 0) + countChars(m.sourceText));
  const ratio = (chars: number) => (totalChars ? chars / totalChars : 0);
  const sources = SOURCES.filter((s) => bySource.has(s.id))
    .map((s) => ({ ...s, matchedChars: bySource.get(s.id) ?? 0, ratio: ratio(bySource.get(s.id) ?? 0) }))
    .sort((a, b) => b.matchedChars - a.matchedChars);
  const matchedChars = paragraphs.reduce((n, p) => n + p.matchedChars, 0);
  const quotedChars = bySource.get(SOURCES[2].id) ?? 0;
  const fifth = Math.max(1, Math.ceil(paragraphs.length / 5));
  const figures: CheckFigures = {
    totalRatio: ratio(matchedChars),
    ratioExcludingQuotes: ratio(matchedChars - quotedChars),
    ratioExcludingSelf: ratio(matchedChars),
    maxSingleRatio: Math.max(0, ...sources.map((s) => s.ratio)),
    totalChars,
    matchedChars,
    quotedChars,
    paragraphCount: paragraphs.length,
    suspectParagraphCount: paragraphs.filter((p) => p.matchedChars > 0).length,
    frontMatchedChars: paragraphs.slice(0, fifth).reduce((n, p) => n + p.matchedChars, 0),
    rearMatchedChars: paragraphs.slice(-fifth).reduce((n, p) => n + p.matchedChars, 0),
    sourceCount: sources.length,
    referencesExcluded: true,
  };
  const sections = chapters.map((chapter, index) => {
    const own = paragraphs.filter((p) => p.sectionIndex === index);
    const charCount = sum(own, (p) => p.charCount) + chapter.headingChars;
    const matched = sum(own, (p) => p.matchedChars);
    return { index, kind: 'body' as const, heading: chapter.heading, charCount, matchedChars: matched, ratio: charCount ? matched / charCount : 0, excluded: false };
  });
  return {
    id: record.id,
    title: record.title,
    author: record.author,
    figures,
    scope: MOCK_SCOPE,
    sections,
    sources,
    paragraphs,
    generatedAt: new Date().toISOString(),
  };
}

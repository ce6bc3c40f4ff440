import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { analyzeText, type DocumentStructure } from '../text/document';
import { fromCodePoints } from '../text/code-points';
import { checkText } from './check';
import { estimateFigures, type EditedParagraph } from './estimate';
import { fixture, libraryDoc } from './fixtures/load';
import { MemoryLibrary } from './memory-library';
import { prepareSource, recheckAround, recheckLines, type WindowLine } from './recheck';
import type { CheckReport, LibraryDocument, ReportParagraph } from './types';

// The re-check of one edited paragraph must find what a full check of the whole edited paper finds for
// that paragraph against the same sources: marks, the source of each mark, matches and figures.

const PAPER_FIXTURE = readFileSync(new URL('../slides/fixtures/paper.txt', import.meta.url), 'utf8');
const sentencesOf = (text: string) => text.match(/[^。！？\n]+[。！？]/g) ?? [];

const SOURCE_LINES = PAPER_FIXTURE.split('\n').filter((line) => sentencesOf(line).length >= 2);
const SOURCES: LibraryDocument[] = [
  libraryDoc('a', fixture('source-a.txt')),
  libraryDoc('b', fixture('source-b.txt')),
  libraryDoc('p1', SOURCE_LINES.slice(0, 3).join('\n'), { title: '中文文本相似度研究（上）' }),
  libraryDoc('p2', SOURCE_LINES.slice(3).join('\n'), { title: '中文文本相似度研究（下）', origin: 'submission', ownerId: 'someone' }),
  libraryDoc('own', fixture('own-words.txt'), { ownerId: 'me', origin: 'submission' }),
];
const SOURCE_SENTENCES = SOURCES.flatMap((d) => sentencesOf(d.text));

/** The student's own sentences: none shares 13 characters with a source. */
const OWN = [
  '本研究以某高校三届毕业生的学位论文为样本，统计了各学科的引用格式差异。',
  '问卷共发放三百二十份，回收有效问卷二百九十一份，有效率约为百分之九十一。',
  '访谈对象包括五位指导教师和十二名本科生，每次访谈持续四十分钟左右。',
  '从结果来看，理工科论文的公式与图表较多，人文学科论文的引文密度更高。',
  '我们把样本按年份分成三组，分别计算每组的平均字数和平均参考文献数量。',
  '需要说明的是，样本只来自一所学校，结论能否推广到其他院校仍有待检验。',
  '后续工作将扩大样本范围，并尝试把问卷结果与论文文本特征结合起来分析。',
  '“引用应当注明出处”[3]，这一要求在各校的论文规范中都有明确规定。',
];

/** A paper of headings and paragraphs mixing the student's sentences with copied and lightly edited ones. */
function buildPaper(random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const lightly = (s: string) => {
    const chars = Array.from(s);
    for (let i = 7; i < chars.length - 2; i += 17 + Math.floor(random() * 10)) chars[i] = '其';
    return chars.join('');
  };
  const lines = ['摘要', `${pick(OWN)}${pick(SOURCE_SENTENCES)}`, '第一章 绪论'];
  for (let p = 0; p < 10; p++) {
    if (p % 4 === 2) lines.push(`1.${p} 小节`);
    const parts: string[] = [];
    const n = 2 + Math.floor(random() * 4);
    for (let s = 0; s < n; s++) {
      const r = random();
      parts.push(r < 0.45 ? pick(OWN) : r < 0.8 ? pick(SOURCE_SENTENCES) : lightly(pick(SOURCE_SENTENCES)));
    }
    lines.push(parts.join(''));
  }
  // A copied passage running across a line break: the end of one paragraph and the start of the next.
  const [first, second] = sentencesOf(SOURCES[0].text).slice(1, 3);
  lines.push(`${pick(OWN)}${first}`, `${second}${pick(OWN)}`);
  lines.push('参考文献', '[1] 张三. 文本相似度研究[J]. 计算机学报, 2020.');
  return lines.join('\n');
}

/** The paper's lines (its structure's paragraphs) with the texts given, as the workbench hands them over. */
function linesOf(structure: DocumentStructure, texts: string[]): WindowLine[] {
  return structure.paragraphs.map((p, i) => ({ text: texts[i], section: structure.sections[p.section].kind, heading: p.heading }));
}

const textsOf = (structure: DocumentStructure) => structure.paragraphs.map((p) => fromCodePoints(structure.codes, p.start, p.end));

/** Report paragraph -> index of its line in the structure. */
function lineOf(structure: DocumentStructure, paragraph: ReportParagraph): number {
  return structure.paragraphs.findIndex((p) => p.start === paragraph.offset);
}

function edit(text: string, random: () => number): string {
  const chars = Array.from(text);
  const sentences = sentencesOf(text);
  const at = Math.floor(random() * chars.length);
  const r = random();
  if (r < 0.3) return [...chars.slice(0, at), ...chars.slice(at + 3 + Math.floor(random() * 6))].join('');
  if (r < 0.55) return [...chars.slice(0, at), '较为', ...chars.slice(at)].join('');
  if (r < 0.8 && sentences.length) {
    const target = sentences[Math.floor(random() * sentences.length)];
    return text.replace(target, OWN[Math.floor(random() * OWN.length)]);
  }
  return `${text}${SOURCE_SENTENCES[Math.floor(random() * SOURCE_SENTENCES.length)]}`;
}

const library = new MemoryLibrary();
for (const doc of SOURCES) library.add(doc);
const prepared = SOURCES.map((doc) => prepareSource(doc, doc.id === 'own' ? 'own' : doc.origin === 'submission' ? 'submission' : 'library'));
const options = { ownerId: 'me' };

const recheck = (lines: WindowLine[], line: number) => recheckAround(lines, line, prepared).get(line)!;

const essentials = (p: Pick<ReportParagraph, 'sentences' | 'matches' | 'charCount' | 'matchedChars' | 'ratio' | 'text'>) => ({
  text: p.text,
  sentences: p.sentences,
  matches: p.matches,
  charCount: p.charCount,
  matchedChars: p.matchedChars,
  ratio: p.ratio,
});

describe('recheckParagraph', () => {
  it('marks an unedited paragraph exactly as the full check did', async () => {
    const paper = buildPaper(seededRandom(7));
    const structure = analyzeText(paper);
    const report = await checkText(paper, library, options);
    const lines = linesOf(structure, textsOf(structure));
    expect(report.paragraphs.filter((p) => p.sentences.some((s) => s.mark === 'red')).length).toBeGreaterThan(2);
    for (const paragraph of report.paragraphs) {
      const found = recheck(lines, lineOf(structure, paragraph));
      expect(essentials(found)).toEqual(essentials(paragraph));
    }
  });

  it('finds what a full check of the edited paper finds for the edited paragraph (200 random edits)', async () => {
    let compared = 0;
    let changedMarks = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandom(seed * 7919);
      const paper = buildPaper(random);
      const structure = analyzeText(paper);
      const original = await checkText(paper, library, options);
      const texts = textsOf(structure);
      for (let k = 0; k < 10; k++) {
        const paragraph = original.paragraphs[Math.floor(random() * original.paragraphs.length)];
        if (paragraph.section !== 'body') continue;
        const line = lineOf(structure, paragraph);
        texts[line] = edit(texts[line], random);
        const edited = texts.join('\n');
        const full = await checkText(edited, library, options);
        const expected = full.paragraphs.find((p) => p.offset === analyzeText(edited).paragraphs[line].start)!;
        const found = recheck(linesOf(structure, texts), line);
        expect(essentials(found), `seed ${seed} edit ${k}`).toEqual(essentials(expected));
        if (JSON.stringify(expected.sentences) !== JSON.stringify(paragraph.sentences)) changedMarks++;
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(150);
    expect(changedMarks).toBeGreaterThan(40);
  });

  it('finds the part of a copied passage that runs across the line break only with the line beside it', async () => {
    const [first, second] = sentencesOf(SOURCES[0].text).slice(1, 3);
    const tail = Array.from(second).slice(0, 8).join('');
    const paper = ['第一章 绪论', `${OWN[0]}${first}`, `${tail}${OWN[1]}`].join('\n');
    const structure = analyzeText(paper);
    const full = await checkText(paper, library, options);
    const lines = linesOf(structure, textsOf(structure));
    const expected = full.paragraphs[1];
    expect(expected.matchedChars).toBeGreaterThan(0);
    expect(essentials(recheck(lines, 2))).toEqual(essentials(expected));
    expect(recheckLines({ lines: [lines[2]], targets: [0] }, prepared)[0]!.matchedChars).toBe(0);
  });

  it('matches nothing in an excluded section (参考文献)', () => {
    const copied = sentencesOf(SOURCES[0].text)[1];
    const lines: WindowLine[] = [{ text: copied, section: 'references', heading: false }];
    expect(recheckLines({ lines, targets: [0] }, prepared)[0]).toMatchObject({ matchedChars: 0, matches: [], sentences: [{ mark: 'none' }] });
  });

  it('reports no paragraph for a heading line', () => {
    expect(recheckLines({ lines: [{ text: '第一章 绪论', section: 'body', heading: true }], targets: [0] }, prepared)).toEqual([null]);
  });
});

describe('estimateFigures', () => {
  it('equals the full check of the edited paper when the edits are re-checked', async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const random = seededRandom(seed * 104729);
      const paper = buildPaper(random);
      const structure = analyzeText(paper);
      const original: CheckReport = await checkText(paper, library, options);
      const texts = textsOf(structure);
      // After each edit, the paragraphs it re-checked (it and those beside it) replace their earlier figures.
      const current = new Map<number, EditedParagraph>();
      const byLine = new Map(original.paragraphs.map((p) => [lineOf(structure, p), p]));
      for (let k = 0; k < 6; k++) {
        const paragraph = original.paragraphs[Math.floor(random() * original.paragraphs.length)];
        const line = lineOf(structure, paragraph);
        texts[line] = edit(texts[line], random);
        for (const [at, after] of recheckAround(linesOf(structure, texts), line, prepared)) {
          const before = byLine.get(at)!;
          current.set(at, { sectionIndex: before.sectionIndex, before, after });
        }
      }
      const edits = [...current.values()];
      const estimate = estimateFigures(original.figures, original.sections, edits);
      const full = await checkText(texts.join('\n'), library, options);
      expect(estimate.totalChars, `seed ${seed}`).toBe(full.figures.totalChars);
      expect(estimate.matchedChars, `seed ${seed}`).toBe(full.figures.matchedChars);
      expect(estimate.totalRatio).toBe(full.figures.totalRatio);
      expect(estimate.sections.map((s) => s.matchedChars)).toEqual(full.sections.map((s) => s.matchedChars));
    }
  });

  it('leaves an excluded section out of the total and keeps the section figures', () => {
    const estimate = estimateFigures(
      { totalChars: 1000, matchedChars: 300 },
      [
        { index: 0, charCount: 900, matchedChars: 300, excluded: false },
        { index: 1, charCount: 100, matchedChars: 0, excluded: true },
      ],
      [
        { sectionIndex: 0, before: { charCount: 100, matchedChars: 80 }, after: { charCount: 90, matchedChars: 0 } },
        { sectionIndex: 1, before: { charCount: 50, matchedChars: 0 }, after: { charCount: 60, matchedChars: 0 } },
      ],
    );
    expect(estimate).toMatchObject({ totalChars: 990, matchedChars: 220, totalRatio: 0.2222 });
    expect(estimate.sections).toEqual([
      { index: 0, charCount: 890, matchedChars: 220, ratio: 0.2472 },
      { index: 1, charCount: 110, matchedChars: 0, ratio: 0 },
    ]);
  });
});

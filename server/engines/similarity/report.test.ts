import { describe, expect, it } from 'vitest';
import { countChars } from '@common/char-count';
import { checkText } from './check';
import { fixture, libraryDoc } from './fixtures/load';
import { MemoryLibrary } from './memory-library';

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');
const [a0, a1, a2] = A.match(/[^。]+。/g)!;

const lib = new MemoryLibrary();
lib.add(libraryDoc('a', A));
lib.add(libraryDoc('b', B));

describe('report figures', () => {
  it('counts a quoted passage with a [n] marker separately (去除引用复制比)', async () => {
    const quote = `“${a1.slice(0, -1)}”[3]`;
    const paper = `有学者指出：${quote}。\n${OWN}\n${a2}`;
    const { figures } = await checkText(paper, lib);
    // The match ends with the closing quotation mark, which is inside the quoted passage.
    const matchedQuote = countChars(`${a1.slice(0, -1)}”`);
    expect(figures.quotedChars).toBe(matchedQuote);
    expect(figures.matchedChars).toBe(matchedQuote + countChars(a2));
    expect(figures.ratioExcludingQuotes).toBeCloseTo(countChars(a2) / figures.totalChars, 3);
    expect(figures.totalRatio).toBeGreaterThan(figures.ratioExcludingQuotes);
  });

  it('does not treat a quotation without a marker as a citation', async () => {
    const { figures } = await checkText(`${OWN}“${a1.slice(0, -1)}”。`, lib);
    expect(figures.quotedChars).toBe(0);
    expect(figures.ratioExcludingQuotes).toBe(figures.totalRatio);
  });

  it('leaves the references out of the figures by default and counts them on request', async () => {
    const paper = `第一章 绪论\n${OWN}\n参考文献\n${B}`;
    const byDefault = await checkText(paper, lib);
    expect(byDefault.figures.matchedChars).toBe(0);
    expect(byDefault.figures.totalChars).toBe(countChars(`第一章 绪论${OWN}`));
    expect(byDefault.figures.referencesExcluded).toBe(true);
    expect(byDefault.sections.map((s) => [s.kind, s.excluded])).toEqual([
      ['body', false],
      ['references', true],
    ]);

    const counted = await checkText(paper, lib, { excludedSections: [] });
    expect(counted.figures.matchedChars).toBe(countChars(B));
    expect(counted.figures.referencesExcluded).toBe(false);
  });

  it('reports 单篇最大文字复制比 from the source with most matched characters', async () => {
    const paper = `${a0}${OWN}${B}`;
    const { figures, sources } = await checkText(paper, lib);
    expect(sources.map((s) => s.id)).toEqual(['b', 'a']);
    expect(figures.maxSingleRatio).toBe(sources[0].ratio);
    expect(figures.sourceCount).toBe(2);
    expect(figures.maxSingleRatio).toBeCloseTo(countChars(B) / countChars(paper), 3);
  });

  it('reports matches in the first and last 20 % of the body (前部/后部重合字数)', async () => {
    const filler = Array.from({ length: 6 }, () => OWN).join('\n');
    const front = await checkText(`${a0}\n${filler}`, lib);
    expect(front.figures.frontMatchedChars).toBe(countChars(a0));
    expect(front.figures.rearMatchedChars).toBe(0);
    const rear = await checkText(`${filler}\n${a0}`, lib);
    expect(rear.figures.frontMatchedChars).toBe(0);
    expect(rear.figures.rearMatchedChars).toBe(countChars(a0));
  });

  it('is plain JSON', async () => {
    const report = await checkText(`${OWN}\n${A}`, lib);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('report paragraphs and sentence marks', () => {
  it('gives each paragraph its ratio and each sentence a mark: red over 50 %, orange up to 50 %', async () => {
    const half = `${a1.slice(0, 20)}，${'我们在此基础上增加了新的实验并记录了所有的结果数据以便后续比较分析使用'}。`;
    const paper = `${OWN}\n${a0}${half}`;
    const report = await checkText(paper, lib);
    expect(report.figures.paragraphCount).toBe(2);
    expect(report.figures.suspectParagraphCount).toBe(1);
    const [first, second] = report.paragraphs;
    expect(first.ratio).toBe(0);
    expect(first.sentences.every((s) => s.mark === 'none' && s.sourceId === null)).toBe(true);
    expect(second.sentences.map((s) => [s.mark, s.sourceId])).toEqual([
      ['red', 'a'],
      ['orange', 'a'],
    ]);
    expect(second.text).toBe(`${a0}${half}`);
    expect([...second.text].slice(second.sentences[1].start, second.sentences[1].end).join('')).toBe(half);
    expect(second.matchedChars).toBe(countChars(a0) + countChars(a1.slice(0, 20)) + 1);
    expect(second.matches[0]).toMatchObject({ start: 0, sourceId: 'a' });
    expect(second.matches[0].sourceText.startsWith(a0)).toBe(true);
  });

  it('marks the sections each paragraph belongs to', async () => {
    const report = await checkText(`摘要\n${OWN}\n第一章 绪论\n${a0}`, lib);
    expect(report.paragraphs.map((p) => [p.section, p.sectionIndex])).toEqual([
      ['abstract', 0],
      ['body', 1],
    ]);
    expect(report.sections[1]).toMatchObject({ kind: 'body', heading: '第一章 绪论', matchedChars: countChars(a0) });
  });

  it('does not count heading lines as paragraphs: each rides on the paragraph below it', async () => {
    const paper = `摘要\n${OWN}\n第一章 绪论\n1.1 研究背景\n${a0}\n（一）研究现状\n${OWN}\n参考文献\n[1] 张三. 文本相似度研究[J]. 计算机学报, 2020.`;
    const report = await checkText(paper, lib);
    expect(report.paragraphs.map((p) => [p.index, p.headings, p.text])).toEqual([
      [0, ['摘要'], OWN],
      [1, ['第一章 绪论', '1.1 研究背景'], a0],
      [2, ['（一）研究现状'], OWN],
      [3, ['参考文献'], '[1] 张三. 文本相似度研究[J]. 计算机学报, 2020.'],
    ]);
    expect(report.figures.paragraphCount).toBe(3);
    expect(report.figures.suspectParagraphCount).toBe(1);
    // Headings still count as characters of their section.
    expect(report.sections[1].charCount).toBe(countChars(`第一章 绪论1.1 研究背景${a0}（一）研究现状${OWN}`));
  });

  it('keeps an inline 摘要： paragraph and a numbered sentence as paragraphs', async () => {
    const paper = `摘要：${OWN}\n1 引言\n1. 本文的第一个贡献是提出了一种新的方法，它在实验中表现良好。\n${a0}`;
    const report = await checkText(paper, lib);
    expect(report.paragraphs.map((p) => [p.headings, p.text])).toEqual([
      [[], `摘要：${OWN}`],
      [['1 引言'], '1. 本文的第一个贡献是提出了一种新的方法，它在实验中表现良好。'],
      [[], a0],
    ]);
  });

  it('marks text matched only inside a cited quotation as cited, not as copied', async () => {
    const quote = `“${a1.slice(0, -1)}”[3]`;
    const paper = `${OWN}\n有学者指出：${quote}。${a2}`;
    const report = await checkText(paper, lib);
    const [, second] = report.paragraphs;
    const marks = second.sentences.map((s) => [[...second.text].slice(s.start, s.end).join(''), s.mark, s.sourceId]);
    expect(marks).toEqual([
      [`有学者指出：${quote}。`, 'cited', 'a'],
      [a2, 'red', 'a'],
    ]);
    expect(report.figures.quotedChars).toBeGreaterThan(0);
    // The same sentence without the marker is plain copying.
    const uncited = await checkText(`${OWN}\n有学者指出：“${a1.slice(0, -1)}”。`, lib);
    expect(uncited.paragraphs[1].sentences.map((s) => s.mark)).toEqual(['red']);
  });
});

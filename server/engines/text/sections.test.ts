import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './document';

const thesis = readFileSync(new URL('./fixtures/thesis.txt', import.meta.url), 'utf8');

function outline(text: string) {
  const doc = analyzeText(text);
  return doc.sections.map((s) => [s.kind, s.heading]);
}

describe('detectSections', () => {
  it('finds the cover, declaration, abstracts, table of contents, chapters, references and acknowledgements', () => {
    expect(outline(thesis)).toEqual([
      ['cover', ''],
      ['declaration', '学位论文原创性声明'],
      ['abstract', '摘  要'],
      ['abstract', 'Abstract'],
      ['toc', '目  录'],
      ['body', '第一章 绪论'],
      ['body', '第二章 相关技术'],
      ['body', '结论'],
      ['references', '参考文献'],
      ['acknowledgements', '致  谢'],
    ]);
  });

  it('keeps table-of-contents entries (with page numbers) inside the 目录 section', () => {
    const doc = analyzeText(thesis);
    const toc = doc.sections.find((s) => s.kind === 'toc')!;
    expect(toc.endParagraph - toc.firstParagraph).toBe(6);
  });

  it('puts every paragraph into exactly one section', () => {
    const doc = analyzeText(thesis);
    const counts = doc.sections.reduce((n, s) => n + s.endParagraph - s.firstParagraph, 0);
    expect(counts).toBe(doc.paragraphs.length);
  });

  it('treats a text without headings as one body section', () => {
    expect(outline('这是一段普通的文字。\n这是第二段。')).toEqual([['body', '']]);
  });

  it('recognises numbered chapters only in sequence, so numbered list items are not chapters', () => {
    const text = '1 引言\n研究内容如下。\n2 方法\n步骤有三。\n5 个样本被排除\n3 结果\n结果良好。';
    expect(outline(text).map(([, h]) => h)).toEqual(['1 引言', '2 方法', '3 结果']);
  });

  it('takes an inline 摘要： paragraph as the start of the abstract', () => {
    const text = '题目\n摘要：本文研究了一个问题，并给出了方法。\n一、引言\n正文内容。';
    expect(outline(text)).toEqual([
      ['cover', ''],
      ['abstract', '摘要：本文研究了一个问题，并给出了方法。'],
      ['body', '一、引言'],
    ]);
  });
});

describe('cover detection', () => {
  it('does not take short opening lines for a cover when no front matter or cover fields follow', () => {
    const text = '城市绿地的作用\n绿地可以降温\n作者认为绿地很重要\n结论\n绿地布局需要优化。';
    expect(outline(text)).toEqual([
      ['body', ''],
      ['body', '结论'],
    ]);
  });

  it('takes short opening lines with cover fields for a cover', () => {
    const text = '某大学硕士学位论文\n姓名：张三\n第一章 绪论\n正文。';
    expect(outline(text)[0]).toEqual(['cover', '']);
  });
});

describe('analyzeText', () => {
  it('cuts a paragraph longer than 5000 characters at sentence ends', () => {
    const sentence = `${'很长的句子'.repeat(20)}。`;
    const doc = analyzeText(sentence.repeat(120));
    expect(doc.paragraphs.length).toBe(3);
    for (const p of doc.paragraphs) {
      expect(p.end - p.start).toBeLessThanOrEqual(5000);
      expect((p.end - p.start) % [...sentence].length).toBe(0);
    }
    expect(doc.paragraphs[0].start).toBe(0);
    expect(doc.paragraphs[2].end).toBe(120 * [...sentence].length);
  });
});

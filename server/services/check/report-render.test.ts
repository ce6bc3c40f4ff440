import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { CheckReportView } from './report';
import { renderReportHtml } from './report-html';
import { reportFileName, segmentsOf } from './report-labels';
import { renderReportPdf } from './report-pdf';

const figures = {
  totalRatio: 0.4321,
  ratioExcludingQuotes: 0.4,
  ratioExcludingSelf: 0.3,
  maxSingleRatio: 0.25,
  totalChars: 81,
  matchedChars: 35,
  quotedChars: 2,
  paragraphCount: 2,
  suspectParagraphCount: 1,
  frontMatchedChars: 20,
  rearMatchedChars: 15,
  sourceCount: 2,
  referencesExcluded: true,
};

function report(title: string, paragraphText: string): CheckReportView {
  return {
    id: 'chk-render',
    title,
    author: '王<五>',
    figures,
    sections: [{ index: 0, kind: 'body', heading: '第一章 绪论', charCount: 81, matchedChars: 35, ratio: 0.4321, excluded: false }],
    sources: [
      { id: 's1', title: '文本指纹 & <检测>', origin: 'library', matchedChars: 20, ratio: 0.25 },
      { id: 's2', title: '同学的论文', origin: 'submission', matchedChars: 15, ratio: 0.18 },
    ],
    paragraphs: [
      {
        index: 0,
        section: 'body',
        sectionIndex: 0,
        text: paragraphText,
        charCount: 40,
        matchedChars: 35,
        ratio: 0.875,
        sentences: [
          { start: 0, end: 11, mark: 'red', sourceId: 's1' },
          { start: 11, end: 21, mark: 'orange', sourceId: 's2' },
          { start: 21, end: Array.from(paragraphText).length, mark: 'none', sourceId: null },
        ],
        matches: [{ start: 0, end: 11, sourceId: 's1', sourceText: '来源原文<片段>' }],
      },
      {
        index: 1,
        section: 'body',
        sectionIndex: 0,
        text: '第二段完全是作者自己的文字。',
        charCount: 14,
        matchedChars: 0,
        ratio: 0,
        sentences: [{ start: 0, end: 14, mark: 'none', sourceId: null }],
        matches: [],
      },
    ],
    generatedAt: '2026-11-22T08:30:06.000Z',
  };
}

const PARAGRAPH = '标红的句子共有十个字。标橙句子𠀀也有十字。最后一句没有重合。';

describe('report rendering', () => {
  it('cuts a paragraph into runs of one mark by code point offsets', () => {
    expect(segmentsOf(report('题目', PARAGRAPH).paragraphs[0])).toEqual([
      { text: '标红的句子共有十个字。', mark: 'red', sourceId: 's1' },
      { text: '标橙句子𠀀也有十字。', mark: 'orange', sourceId: 's2' },
      { text: '最后一句没有重合。', mark: 'none', sourceId: null },
    ]);
  });

  it('writes a self-contained HTML report with every text escaped', () => {
    const html = renderReportHtml(report('<script>alert("x")</script> & 论文', `<b>加粗</b>${PARAGRAPH}`));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 论文 - 查重报告</title>');
    expect(html).toContain('王&lt;五&gt;');
    expect(html).toContain('文本指纹 &amp; &lt;检测&gt;');
    expect(html).toContain('来源原文&lt;片段&gt;');
    expect(html).toMatch(/<style>[^<]*\.red \{ color: #d81e06; \}/);
    expect(html).not.toMatch(/<link|<img|src=|https?:\/\//);
    expect(html).toContain('<span class="red" title="[1] 文本指纹 &amp; &lt;检测&gt;">&lt;b&gt;加粗&lt;/b');
    expect(html).toContain('<div class="label">总文字复制比</div><div class="value">43.2%</div>');
    expect(html).toContain('其他用户提交的论文');
  });

  it('writes a PDF with an embedded CJK font whose text (title, figures, sources, sentences) can be extracted', async () => {
    const pdf = await renderReportPdf(report('基于指纹的中文文本相似度检测研究', PARAGRAPH));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.replace(/\s+/g, '');
    for (const expected of [
      '基于指纹的中文文本相似度检测研究',
      '王<五>',
      '总文字复制比43.2%',
      '去除本人已发表复制比30.0%',
      '单篇最大文字复制比25.0%',
      '前部重合字数20',
      '后部重合字数15',
      '第一章绪论',
      '文本指纹&<检测>',
      '标红的句子共有十个字。',
      '第二段完全是作者自己的文字。',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('names the file after the title without path or reserved characters', () => {
    expect(reportFileName('我的/论文:终稿?', 'pdf')).toBe('我的 论文 终稿-查重报告.pdf');
    expect(reportFileName('///', 'html')).toBe('论文-查重报告.html');
    expect(Array.from(reportFileName('长'.repeat(100), 'pdf'))).toHaveLength(60 + '-查重报告.pdf'.length);
  });
});

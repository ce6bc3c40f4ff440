import PDFDocument from 'pdfkit';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { CheckReportView } from './check-view';
import { renderReportHtml } from './check-html';
import { reportFileName, scopeRows, segmentsOf } from './check-labels';
import { renderReportPdf } from './check-pdf';
import { table } from './pdf-table';

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
    scope: {
      documents: 100_012,
      chars: 17_100_450,
      collections: [
        { name: '墨研公共比对库', kind: 'import', documents: 100_000, chars: 17_100_000 },
        { name: '本校库', kind: 'submission', documents: 12, chars: 450 },
      ],
    },
    sections: [{ index: 0, kind: 'body', heading: '第一章 绪论', charCount: 81, matchedChars: 35, ratio: 0.4321, excluded: false }],
    sources: [
      { id: 's1', title: '文本指纹 & <检测>', origin: 'library', author: '李<四>', source: '计算机学报', year: 2019, url: null, matchedChars: 20, ratio: 0.25 },
      { id: 's2', title: '同学的论文', origin: 'submission', author: null, source: null, year: null, url: null, matchedChars: 15, ratio: 0.18 },
    ],
    paragraphs: [
      {
        index: 0,
        headings: ['第一章 绪论', '1.1 研究背景'],
        section: 'body',
        sectionIndex: 0,
        text: paragraphText,
        charCount: 40,
        matchedChars: 35,
        ratio: 0.875,
        sentences: [
          { start: 0, end: 11, mark: 'red', sourceId: 's1' },
          { start: 11, end: 21, mark: 'orange', sourceId: 's2' },
          { start: 21, end: 32, mark: 'cited', sourceId: 's1' },
          { start: 32, end: Array.from(paragraphText).length, mark: 'none', sourceId: null },
        ],
        matches: [{ start: 0, end: 11, sourceId: 's1', sourceText: '来源原文<片段>' }],
      },
      {
        index: 1,
        headings: [],
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

const PARAGRAPH = '标红的句子共有十个字。标橙句子𠀀也有十字。“引文”[1]说得好。最后一句没有重合。';

describe('report rendering', () => {
  it('cuts a paragraph into runs of one mark by code point offsets', () => {
    expect(segmentsOf(report('题目', PARAGRAPH).paragraphs[0])).toEqual([
      { text: '标红的句子共有十个字。', mark: 'red', sourceId: 's1' },
      { text: '标橙句子𠀀也有十字。', mark: 'orange', sourceId: 's2' },
      { text: '“引文”[1]说得好。', mark: 'cited', sourceId: 's1' },
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
    expect(html).toContain('本校库 · 用户提交');
  });

  it('states 检测范围, the sources’ author, source and year, the headings and the cited colour in the HTML', () => {
    const html = renderReportHtml(report('论文', PARAGRAPH));
    expect(html).toContain('<h2>检测范围</h2>');
    expect(html).toContain('<tr><td>墨研公共比对库</td><td>100,000 篇，17,100,000 字</td></tr>');
    expect(html).toContain('<tr><td>本校库（用户提交的论文）</td><td>12 篇，450 字</td></tr>');
    expect(html).toContain('<tr><td>合计</td><td>100,012 篇，17,100,450 字</td></tr>');
    expect(html).toContain('<div class="details">李&lt;四&gt; · 计算机学报 · 2019</div>');
    expect(html).toContain('<div class="heading">第一章 绪论</div><div class="heading">1.1 研究背景</div><div class="paragraph">');
    expect(html).toMatch(/\.cited \{ color: #1a7f37; \}/);
    expect(html).toContain('<span class="cited" title="[1] 文本指纹 &amp; &lt;检测&gt;">“引文”[1]说得好。</span>');
    expect(html).toContain('<span class="red">红色</span>：句子过半重合；<span class="orange">橙色</span>：部分重合；<span class="cited">绿色</span>：引用');
  });

  it('says when the library was empty at check time, and when a report predates 检测范围', () => {
    expect(scopeRows({ documents: 0, chars: 0, collections: [] })).toEqual([
      ['比对库', '检测时比对库为空，未与任何文献比对，复制比不能说明论文没有重复'],
    ]);
    expect(scopeRows(null)).toEqual([['检测范围', '未记录（本报告生成于记录检测范围之前）']]);
    const html = renderReportHtml({ ...report('论文', PARAGRAPH), scope: { documents: 0, chars: 0, collections: [] } });
    expect(html).toContain('<table class="scope-empty">');
    expect(html).toContain('检测时比对库为空');
  });

  it('aligns every table header with its column: numbers right, text left', () => {
    const html = renderReportHtml(report('论文', PARAGRAPH));
    const numeric = (row: string, cell: 'th' | 'td') => [...row.matchAll(new RegExp(`<${cell}( class="num")?>`, 'g'))].map((m) => Boolean(m[1]));
    const tables = [...html.matchAll(/<thead>(.*?)<\/thead><tbody>(<tr>.*?<\/tr>)/gs)];
    expect(tables.length).toBeGreaterThanOrEqual(2);
    for (const [, head, firstRow] of tables) expect(numeric(head, 'th')).toEqual(numeric(firstRow, 'td'));
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
      '1.1研究背景',
      '检测范围',
      '墨研公共比对库100,000篇，17,100,000字',
      '李<四>·计算机学报·2019',
      '绿色：引用',
      '文本指纹&<检测>',
      '标红的句子共有十个字。',
      '第二段完全是作者自己的文字。',
    ]) {
      expect(text).toContain(expected);
    }
    // The legend is one line: no colour is set apart from its meaning.
    const lines = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.split('\n').map((l) => l.replace(/\s+/g, ''));
    expect(lines.filter((l) => l.includes('色：'))).toEqual([expect.stringMatching(/^红色：句子过半重合；橙色：部分重合；绿色：引用/)]);
  });

  it('sets every body row of a table in the regular font, also after a page break repeats the bold header', () => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true });
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
    let font = '';
    const setFont = doc.font.bind(doc);
    doc.font = ((name: string, ...rest: never[]) => {
      font = name;
      return setFont(name, ...rest);
    }) as typeof doc.font;
    const drawn: Array<[string, string]> = [];
    const drawText = doc.text.bind(doc);
    doc.text = ((text: string, ...rest: never[]) => {
      drawn.push([text, font]);
      return drawText(text, ...rest);
    }) as typeof doc.text;
    const rows = Array.from({ length: 80 }, (_, i) => [`row ${i}`, String(i)]);
    table(doc, 50, [{ title: 'Name', width: 200 }, { title: 'Value', width: 100 }], rows);
    expect(doc.bufferedPageRange().count).toBeGreaterThan(1);
    doc.end();

    const headers = drawn.filter(([text]) => text === 'Name');
    expect(headers.length).toBeGreaterThan(1);
    expect(headers.every(([, f]) => f === 'bold')).toBe(true);
    const body = drawn.filter(([text]) => text.startsWith('row '));
    expect(body).toHaveLength(80);
    expect(body.filter(([, f]) => f !== 'regular')).toEqual([]);
  });

  it('names the file after the title without path or reserved characters', () => {
    expect(reportFileName('我的/论文:终稿?', 'pdf')).toBe('我的 论文 终稿-查重报告.pdf');
    expect(reportFileName('///', 'html')).toBe('论文-查重报告.html');
    expect(Array.from(reportFileName('长'.repeat(100), 'pdf'))).toHaveLength(60 + '-查重报告.pdf'.length);
  });
});

import JSZip from 'jszip';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocx } from '../text/docx';
import { buildPaperDocx, type PaperDocument } from './docx';
import { outlineRows } from './outline';
import { normalizeReferences } from './references';
import { outlineTemplate } from './templates';

const REFS_INPUT = [
  '[1] 王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
  '[2] 张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
  '[3] 刘洋. 中文文本复述识别研究[D]. 北京: 北京大学, 2019.',
];

/** Headings as Word sees them: paragraphs styled Heading1-3, in document order, with their level. */
async function headingsOf(buf: Buffer): Promise<Array<[number, string]>> {
  const zip = await JSZip.loadAsync(buf);
  const xml = await zip.file('word/document.xml')!.async('string');
  const out: Array<[number, string]> = [];
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    const style = /<w:pStyle w:val="Heading(\d)"\/>/.exec(p);
    if (!style) continue;
    const text = [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    out.push([Number(style[1]), text]);
  }
  return out;
}

describe('the .docx', () => {
  const { outline } = outlineTemplate('bachelor', '计算机科学与技术', 15000);
  const rows = outlineRows(outline);
  const references = normalizeReferences(REFS_INPUT);
  const doc: PaperDocument = {
    title: '基于深度学习的中文文本相似度研究',
    author: '张三',
    institution: '某某大学计算机学院',
    kind: '本科毕业论文',
    date: '2026年11月',
    abstract: '本文研究中文文本相似度。\n第二段摘要。',
    keywords: ['文本相似度', '深度学习'],
    englishAbstract: 'This paper studies Chinese text similarity.',
    englishKeywords: ['text similarity'],
    sections: rows.map((r, i) => ({ level: r.level, heading: r.heading, content: r.writes ? `第${i}段正文[1]。\n${i === 1 ? '1.1.1 一个小标题\n小标题下的正文。' : '又一段。'}` : '' })),
    references,
    acknowledgement: '感谢××老师的悉心指导。',
  };
  // Laying the pages out for the table of contents takes a second or two: the file is built once.
  let buf: Buffer;
  let xml: string;
  beforeAll(async () => {
    buf = await buildPaperDocx(doc);
    xml = await (await JSZip.loadAsync(buf)).file('word/document.xml')!.async('string');
  });

  it('has the headings in the outline’s order (第1章 / 1.1 / 1.1.1), framed by 摘要, Abstract, 参考文献 and 致谢', async () => {
    const headings = await headingsOf(buf);
    const expected: Array<[number, string]> = [[1, '摘要'], [1, 'Abstract']];
    rows.forEach((r, i) => {
      expected.push([r.level, r.heading]);
      if (i === 1) expected.push([3, '1.1.1 一个小标题']);
    });
    expected.push([1, '参考文献'], [1, '致谢']);
    expect(headings).toEqual(expected);
    expect(headings.find(([, t]) => t === '第1章 绪论')).toBeTruthy();
  });

  // mammoth (a dev dependency for this test only) reads the file as another program would, by style names.
  it('reads back with mammoth: the same headings, as h1-h3, in the outline’s order', async () => {
    const { value: html } = await mammoth.convertToHtml({ buffer: buf });
    const read = [...html.matchAll(/<h([1-3])>(.*?)<\/h\1>/g)].map((m): [number, string] => [Number(m[1]), m[2].replace(/<[^>]+>/g, '')]);
    expect(read).toEqual(await headingsOf(buf));
    expect(read.filter(([level]) => level > 1).length).toBeGreaterThan(3);
  });

  it('lists exactly the user’s references, numbered in order, after the body', async () => {
    const text = await extractDocx(buf, 1_000_000);
    const lines = text.split('\n');
    const at = lines.lastIndexOf('参考文献');
    const listed = lines.slice(at + 1, lines.lastIndexOf('致谢'));
    expect(listed).toEqual(REFS_INPUT);
    expect(text).toContain('张三');
    expect(text).toContain('关键词：文本相似度；深度学习');
  });

  it('sets body text 宋体 / Times New Roman 小四 at 1.5 line spacing, with a table of contents field updated on opening', async () => {
    const zip = await JSZip.loadAsync(buf);
    const styles = await zip.file('word/styles.xml')!.async('string');
    expect(styles).toMatch(/w:eastAsia="宋体"/);
    expect(styles).toMatch(/w:ascii="Times New Roman"/);
    expect(styles).toMatch(/<w:sz w:val="24"\/>/);
    expect(styles).toMatch(/<w:spacing w:line="360"\/>/);
    const body = await zip.file('word/document.xml')!.async('string');
    expect(body).toMatch(/TOC \\h \\o &quot;1-3&quot;/);
    const settings = await zip.file('word/settings.xml')!.async('string');
    expect(settings).toMatch(/<w:updateFields\/>|<w:updateFields w:val="true"\/>/);
  });

  /** The section properties in order (each w:sectPr ends a section), and the XML of the part each footer is in. */
  async function sectionsOf() {
    const zip = await JSZip.loadAsync(buf);
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    const target = (id: string) => new RegExp(`Id="${id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)!.slice(1).find(Boolean)!;
    return Promise.all(
      [...xml.matchAll(/<w:sectPr>([\s\S]*?)<\/w:sectPr>/g)].map(async ([, props]) => {
        const footer = /<w:footerReference w:type="default" r:id="(\w+)"\/>/.exec(props);
        return {
          pageNumbers: /<w:pgNumType([^/]*)\/>/.exec(props)![1].trim(),
          nextPage: props.includes('<w:type w:val="nextPage"/>'),
          footer: footer ? await zip.file(`word/${target(footer[1])}`)!.async('string') : null,
        };
      }),
    );
  }

  it('numbers the pages as Chinese theses do: the cover without a number, the front matter I, II…, the body from 1 (three sections)', async () => {
    const [cover, front, body] = await sectionsOf();
    expect(cover.footer).toBeNull();
    expect(front).toMatchObject({ nextPage: true, pageNumbers: 'w:start="1" w:fmt="upperRoman"' });
    expect(body).toMatchObject({ nextPage: true, pageNumbers: 'w:start="1" w:fmt="decimal"' });
    for (const footer of [front.footer!, body.footer!]) expect(footer).toMatch(/<w:instrText xml:space="preserve">PAGE<\/w:instrText>/);
    // The front matter section ends after the table of contents; the body starts with the first chapter.
    const sectionEnds = [...xml.matchAll(/<\/w:sectPr>/g)].map((m) => m.index);
    expect(xml.indexOf('作者')).toBeLessThan(sectionEnds[0]);
    expect(xml.indexOf('TOC \\h')).toBeLessThan(sectionEnds[1]);
    expect(xml.indexOf('第1章 绪论</w:t></w:r><w:bookmarkEnd')).toBeGreaterThan(sectionEnds[1]);
  });

  it('writes the table of contents with its entries and page numbers, marked dirty for Word to update on opening', () => {
    expect(xml).toMatch(/<w:fldChar w:fldCharType="begin" w:dirty="true"\/><w:instrText xml:space="preserve">TOC \\h \\o &quot;1-3&quot;/);
    const entries = [...xml.matchAll(/<w:r><w:t xml:space="preserve">([^<]+)<\/w:t><\/w:r><w:r><w:tab\/><\/w:r><w:r><w:fldChar w:fldCharType="begin"\/><w:instrText xml:space="preserve">PAGEREF _Toc\d+ \\h<\/w:instrText><w:fldChar w:fldCharType="separate"\/><w:t xml:space="preserve">([^<]*)<\/w:t>/g)].map((m) => [m[1], m[2]]);
    expect(entries.map(([heading]) => heading)).toEqual(expect.arrayContaining(['摘要', 'Abstract', '第1章 绪论', '1.1.1 一个小标题', '参考文献', '致谢']));
    // The front matter in Roman numerals, the body from page 1, never going back.
    expect(entries.slice(0, 2)).toEqual([['摘要', 'I'], ['Abstract', 'II']]);
    const body = entries.slice(2).map(([, page]) => Number(page));
    expect(body[0]).toBe(1);
    expect(body.every((page, i) => Number.isInteger(page) && page >= (body[i - 1] ?? 1))).toBe(true);
  });

  it('styles body paragraphs and references by named styles the student changes once (论文正文, 参考文献 with a hanging indent)', async () => {
    const styles = await (await JSZip.loadAsync(buf)).file('word/styles.xml')!.async('string');
    expect(styles).toMatch(/<w:style w:type="paragraph" w:styleId="ThesisBody"[^>]*><w:name w:val="论文正文"\/>[\s\S]*?<w:ind w:firstLine="480"\/>/);
    expect(styles).toMatch(/<w:style w:type="paragraph" w:styleId="ThesisReference"[^>]*><w:name w:val="参考文献"\/>[\s\S]*?<w:ind w:left="420" w:hanging="420"\/>/);
    const references = [...xml.matchAll(/<w:p><w:pPr><w:pStyle w:val="ThesisReference"\/><\/w:pPr><w:r><w:t xml:space="preserve">([^<]+)</g)].map((m) => m[1]);
    expect(references).toEqual(REFS_INPUT);
    expect(xml).toMatch(/<w:pStyle w:val="ThesisBody"\/><\/w:pPr><w:r><w:t xml:space="preserve">第1段正文\[1\]。/);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocx } from '../text/docx';
import { acceptRevisions, storedParts } from './fixtures/package-parts';
import { buildThesisDocx } from './fixtures/thesis';
import { UNUSUAL, withParagraphs } from './fixtures/unusual';
import { type ParagraphChange, rewriteDocxInPlace } from './in-place';
import { readDocumentXml } from './package';
import { scanDocument } from './scan';

// Unusual and hostile .docx: nothing is lost, and what cannot be rewritten where it is stays as written and is listed.

const MARKS = { author: '墨研', date: '2026-05-04T10:00:00Z' };
const text = async (docx: Uint8Array) => extractDocx(Buffer.from(docx), 1_000_000);

async function rewrite(docx: Uint8Array, rewrites: Record<string, string>, marks = false) {
  const lines = (await text(docx)).split('\n');
  const changes: ParagraphChange[] = lines.map((original, index) => ({ index, original, rewritten: rewrites[original] ?? '' }));
  const out = await rewriteDocxInPlace(docx, changes, marks ? { marks: MARKS } : {});
  return { ...out, lines, indexOf: (t: string) => lines.indexOf(t) };
}

let thesis: Buffer;
beforeAll(async () => {
  thesis = await buildThesisDocx();
});

describe('scanning word/document.xml', () => {
  it('reads the same lines as text extraction, for every unusual paragraph', async () => {
    const docx = await withParagraphs(thesis, Object.values(UNUSUAL).map((u) => u.xml).join(''));
    const lines = scanDocument(await readDocumentXml(docx)).lines.map((l) => l.text);
    expect(lines.join('\n')).toBe(await text(docx));
    for (const u of Object.values(UNUSUAL)) expect(lines).toContain(u.text);
  });
});

describe('a change inside something that must stay as written', () => {
  it.each([
    ['a field result (the figure number)', UNUSUAL.field, '实验结果如图2所示，交易规模随着网络覆盖率的提高而明显增长。', 'field'],
    ['a revision already in the file', UNUSUAL.revised, '导师修改过的段落说明了运输成本对农村电商的制约作用十分显著。', 'revision'],
    ['a text box joined to its anchor', UNUSUAL.textBox, '文本框前的说明性文字。文本框中的内容也会被读取出来。', 'textbox'],
    ['a paragraph joined to the next by a deleted mark', UNUSUAL.joined, '被合并的前一段文字，和下一段连成一段显示。', 'revision'],
    ['a content control', UNUSUAL.control, '已有研究表明数字普惠金融促进了农村消费（王明，2022），这一结论得到了广泛认可。', 'content-control'],
    ['a text box in alternate content', UNUSUAL.alternate, '替代内容中的文字描述了农村电商的发展状况。', 'textbox'],
  ])('keeps %s as it was and says so', async (_name, unusual, rewritten, reason) => {
    const docx = await withParagraphs(thesis, unusual.xml);
    const out = await rewrite(docx, { [unusual.text]: rewritten });
    expect(out.kept).toEqual([{ index: out.indexOf(unusual.text), reason }]);
    expect(out.changed).toEqual([]);
    expect(Buffer.from(out.docx).equals(docx)).toBe(true);
  });
});

describe('a change beside something that must stay as written', () => {
  it('rewrites around a field, leaving the field and its result as they were', async () => {
    const docx = await withParagraphs(thesis, UNUSUAL.field.xml);
    const rewritten = '实验结果如图1所示，交易规模随网络覆盖率提高而显著增长。';
    const out = await rewrite(docx, { [UNUSUAL.field.text]: rewritten });
    expect(out.kept).toEqual([]);
    expect((await text(out.docx)).split('\n')).toContain(rewritten);
    expect(await readDocumentXml(out.docx)).toContain('<w:r><w:instrText xml:space="preserve"> SEQ 图 \\* ARABIC </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve">1</w:t></w:r>');
  });

  it('rewrites around a supervisor’s revisions and keeps them, deletion included', async () => {
    const docx = await withParagraphs(thesis, UNUSUAL.revised.xml);
    const rewritten = '导师修改过的段落指出了物流成本对农村电商的显著制约作用。';
    const out = await rewrite(docx, { [UNUSUAL.revised.text]: rewritten }, true);
    expect(out.kept).toEqual([]);
    const xml = await readDocumentXml(out.docx);
    expect(xml).toContain('<w:ins w:id="901" w:author="导师" w:date="2026-03-01T08:00:00Z"><w:r><w:t xml:space="preserve">物流成本</w:t></w:r></w:ins>');
    expect(xml).toContain('<w:del w:id="902" w:author="导师" w:date="2026-03-01T08:00:00Z"><w:r><w:delText>运输费用</w:delText></w:r></w:del>');
    expect(scanDocument(acceptRevisions(xml, '墨研')).lines.map((l) => l.text)).toContain(rewritten);
    // Our revision ids start past every id in the file.
    const ours = [...xml.matchAll(/<w:(?:ins|del) w:id="(\d+)" w:author="墨研"/g)].map((m) => Number(m[1]));
    expect(ours.length).toBeGreaterThan(0);
    expect(Math.min(...ours)).toBeGreaterThan(902);
  });

  it('rewrites a paragraph of one run per character, keeping each unchanged character’s own properties', async () => {
    const docx = await withParagraphs(thesis, UNUSUAL.manyRuns.xml);
    const rewritten = '农村电商的发展离不开完善的物流体系作为支撑，也需要大量懂得网络营销的人才。';
    const out = await rewrite(docx, { [UNUSUAL.manyRuns.text]: rewritten });
    expect(out.changed).toHaveLength(1);
    const xml = await readDocumentXml(out.docx);
    // 农 was italic (even position) and 村 bold; both still are. 物流 kept its alternation too.
    expect(xml).toContain('<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">农</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">村</w:t></w:r>');
    expect((await text(out.docx)).split('\n')).toContain(rewritten);
  });

  it('keeps a sentence that extraction joins to a text box in alternate content', async () => {
    const docx = await withParagraphs(thesis, `<w:p>${'<w:r><w:t xml:space="preserve">图片前面这句话介绍了农村电商的发展情况。</w:t></w:r>'}${UNUSUAL.alternate.xml.slice('<w:p><w:pPr><w:ind w:firstLine="480"/></w:pPr>'.length)}`);
    const lines = (await text(docx)).split('\n');
    // The box's text and the sentence before it are one line; it cannot be rewritten in place.
    expect(lines[0]).toBe('图片前面这句话介绍了农村电商的发展情况。替代内容里的文字说明农村电商的发展情况。');
    const out = await rewrite(docx, { [lines[0]]: '图片前这句话介绍了农村电商的发展状况。替代内容里的文字说明农村电商的发展情况。' });
    expect(out.kept).toEqual([{ index: 0, reason: 'textbox' }]);
  });
});

describe('a package without a styles part', () => {
  it('is rewritten all the same, its other parts as they were', async () => {
    const docx = await withParagraphs(thesis, UNUSUAL.manyRuns.xml, { dropStyles: true });
    const out = await rewrite(docx, { [UNUSUAL.manyRuns.text]: '农村电商发展离不开完善的物流体系作为支撑，也需要大量懂得网络营销的人才。' });
    expect(out.changed).toHaveLength(1);
    const names = (await storedParts(out.docx)).map((p) => p.name);
    expect(names).not.toContain('word/styles.xml');
    expect(names).toEqual((await storedParts(docx)).map((p) => p.name));
  });
});

import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocx } from '../text/docx';
import { acceptRevisions, rejectRevisions, storedParts } from './fixtures/package-parts';
import { buildThesisDocx, THESIS_REFERENCES, THESIS_REWRITES } from './fixtures/thesis';
import { type ParagraphChange, rewriteDocxInPlace } from './in-place';
import { readDocumentXml } from './package';
import { scanDocument } from './scan';

const MARKS = { author: '墨研', date: '2026-05-04T10:00:00Z' };

const text = async (docx: Uint8Array) => extractDocx(Buffer.from(docx), 1_000_000);

/** The record's paragraphs as the text engine gives them, with the rewrites above for three of them. */
async function changesOf(docx: Uint8Array): Promise<ParagraphChange[]> {
  return (await text(docx)).split('\n').map((original, index) => ({ index, original, rewritten: THESIS_REWRITES[original] ?? '' }));
}

/** The document with the XML of the given top-level paragraphs taken out: what must not change. */
function outside(xml: string, indexes: number[]): string {
  const lines = scanDocument(xml).lines;
  const cut = indexes.map((i) => lines[i].paragraph!).sort((a, b) => b.start - a.start);
  return cut.reduce((out, p) => out.slice(0, p.start) + '<changed/>' + out.slice(p.end), xml);
}

/** A paragraph's XML by the start of its text. */
const paragraphXml = (xml: string, startsWith: string) => {
  const line = scanDocument(xml).lines.find((l) => l.text.startsWith(startsWith))!;
  return xml.slice(line.paragraph!.start, line.paragraph!.end);
};

describe('a thesis .docx rewritten in place', () => {
  let original: Buffer;
  let changes: ParagraphChange[];
  let clean: Awaited<ReturnType<typeof rewriteDocxInPlace>>;
  let tracked: Awaited<ReturnType<typeof rewriteDocxInPlace>>;
  beforeAll(async () => {
    original = await buildThesisDocx();
    changes = await changesOf(original);
    clean = await rewriteDocxInPlace(original, changes);
    tracked = await rewriteDocxInPlace(original, changes, { marks: MARKS });
  });

  it('writes the three changes and keeps none back', () => {
    expect(clean.kept).toEqual([]);
    expect(clean.changed).toHaveLength(3);
    expect(tracked.changed).toEqual(clean.changed);
  });

  it('gives back every part other than word/document.xml byte for byte, deflated bytes included, in the same order', async () => {
    const before = await storedParts(original);
    for (const out of [clean.docx, tracked.docx]) {
      const after = await storedParts(out);
      expect(after.map((p) => p.name)).toEqual(before.map((p) => p.name));
      for (const [i, part] of after.entries()) {
        if (part.name === 'word/document.xml') continue;
        expect(part.data.equals(before[i].data), part.name).toBe(true);
        expect([part.method, part.crc32, part.compressedSize], part.name).toEqual([before[i].method, before[i].crc32, before[i].compressedSize]);
      }
    }
    expect(before.map((p) => p.name)).toEqual(expect.arrayContaining(['word/styles.xml', 'word/numbering.xml', 'word/footnotes.xml', 'word/header1.xml']));
  });

  it('leaves every paragraph outside the changed ones, and everything between them, as identical XML', async () => {
    const xml = await readDocumentXml(original);
    const indexes = clean.changed;
    for (const out of [clean.docx, tracked.docx]) expect(outside(await readDocumentXml(out), indexes)).toBe(outside(xml, indexes));
  });

  it('reads back with the rewrites where they were and every other line unchanged: headings, list, table, references', async () => {
    const lines = (await text(clean.docx)).split('\n');
    expect(lines).toEqual(changes.map((c) => c.rewritten || c.original));
    expect(lines).toEqual(expect.arrayContaining([...THESIS_REFERENCES, '绪论', '研究背景', '服务站覆盖率']));
  });

  it('keeps headings as headings and the list numbered, as another reader (mammoth) sees them', async () => {
    const html = async (docx: Uint8Array) => (await mammoth.convertToHtml({ buffer: Buffer.from(docx) })).value;
    const headings = (h: string) => [...h.matchAll(/<h([1-3])>(.*?)<\/h\1>/g)].map((m) => `${m[1]}:${m[2]}`);
    const before = await html(original);
    expect(headings(before)).toEqual(['1:摘要', '1:绪论', '2:研究背景', '2:研究方法', '1:实证结果', '1:参考文献', '1:致谢']);
    expect(headings(await html(clean.docx))).toEqual(headings(before));
    expect(await html(clean.docx)).toContain('<ul><li>面板数据来自各省统计年鉴</li>');
  });

  it('keeps the run properties of unchanged text in a changed paragraph: superscript citation, bold, italic, the footnote', async () => {
    const xml = paragraphXml(await readDocumentXml(clean.docx), '乡村振兴');
    expect(xml).toMatch(/<w:r><w:rPr><w:vertAlign w:val="superscript"\/><\/w:rPr><w:t xml:space="preserve">\[1\]<\/w:t><\/w:r>/);
    expect(xml).toMatch(/<w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">数字技术<\/w:t>/);
    expect(xml).toMatch(/<w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">农村电商<\/w:t>/);
    expect(xml).toContain('<w:pPr><w:spacing w:line="360"/><w:ind w:firstLine="480"/></w:pPr>');
    // New text takes the properties of the text around it, never the superscript's.
    expect(xml).not.toMatch(/superscript"\/><\/w:rPr><w:t xml:space="preserve">[^[]/);
    const method = paragraphXml(await readDocumentXml(clean.docx), '本研究利用');
    expect(method).toMatch(/<w:footnoteReference w:id="1"\/>/);
  });

  it('marks the 标出改动版 with Word revisions by 墨研 at the rewrite’s date: accepted, the clean text; rejected, the original', async () => {
    const xml = await readDocumentXml(tracked.docx);
    const ins = xml.match(/<w:ins w:id="\d+" w:author="墨研" w:date="2026-05-04T10:00:00Z">/g) ?? [];
    const del = xml.match(/<w:del w:id="\d+" w:author="墨研" w:date="2026-05-04T10:00:00Z">/g) ?? [];
    expect(ins.length).toBeGreaterThan(5);
    expect(del.length).toBeGreaterThan(5);
    const ids = [...xml.matchAll(/<w:(?:ins|del) w:id="(\d+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // What the student gets by accepting every change is the clean version, paragraph for paragraph.
    const linesOf = (x: string) => scanDocument(x).lines.map((l) => l.text);
    expect(linesOf(acceptRevisions(xml, '墨研'))).toEqual(linesOf(await readDocumentXml(clean.docx)));
    expect(linesOf(rejectRevisions(xml, '墨研'))).toEqual(linesOf(await readDocumentXml(original)));
    // Word reads the text of the tracked version as the changes accepted.
    expect(await text(tracked.docx)).toBe(await text(clean.docx));
  });

  it('joins changes a letter apart into one revision, as a student reads them (近[些]年[来] → 近(年来 → 些年))', async () => {
    const xml = paragraphXml(await readDocumentXml(tracked.docx), '乡村振兴');
    expect(xml).toMatch(/<w:delText xml:space="preserve">年来<\/w:delText><\/w:r><\/w:del><w:ins [^>]*><w:r><w:t xml:space="preserve">些年<\/w:t>/);
  });

  it('gives the original bytes back when nothing is accepted', async () => {
    const none = await rewriteDocxInPlace(original, changes.map((c) => ({ ...c, rewritten: '' })));
    expect(Buffer.from(none.docx).equals(original)).toBe(true);
  });
});

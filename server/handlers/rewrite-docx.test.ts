import { readFileSync } from 'node:fs';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptRevisions, storedParts } from '../engines/docx/fixtures/package-parts';
import { buildThesisDocx, THESIS_PARAGRAPHS, THESIS_REFERENCES, THESIS_TITLE } from '../engines/docx/fixtures/thesis';
import { UNUSUAL, withParagraphs } from '../engines/docx/fixtures/unusual';
import { readDocumentXml } from '../engines/docx/package';
import { scanDocument } from '../engines/docx/scan';
import { extractDocx } from '../engines/text/docx';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { grant } from '../test/fixtures';
import { type StandInEngine, withRewriteEngine } from '../test/rewrite-engine';
import { multipart, runJobs, scratchDir, type UploadFile } from './check.test-helpers';

// A paper uploaded as .docx comes back as the student's own file: 智能降重 with the real offline engine, the
// 改写稿 and the 标出改动版 compared part by part with the upload; a paragraph the file cannot take in place
// is kept and the record says so; 降AIGC of a .docx detection; the stored original goes with the last record.

const PAPER = '/api/base/paper_machine_api';
const MACHINE = '/api/base/machine_api';
const AIGC = '/api/base/paper_aigc_api';

interface Record_ {
  id: string;
  status: string;
  docxInPlace: boolean;
  paragraphKeptInDocx: number;
  paragraphRewritten: number;
  finishedAt: string | null;
}
interface Pair {
  id: string;
  index: number;
  original: string;
  rewritten: string;
  accepted: boolean;
  docxKept: string | null;
}

const lines = async (docx: Uint8Array) => (await extractDocx(Buffer.from(docx), 1_000_000)).split('\n');
const headingsOf = async (docx: Uint8Array) =>
  [...(await mammoth.convertToHtml({ buffer: Buffer.from(docx) })).value.matchAll(/<h([1-3])>(.*?)<\/h\1>/g)].map((m) => `${m[1]}:${m[2]}`);

describe('rewriting an uploaded .docx in place', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;
  let thesis: Buffer;
  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path });
    thesis = await buildThesisDocx();
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });

  const paidUser = async () => {
    const { token } = await signUp(t.app);
    const me = body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result;
    await grant(t.db, me.id, 20_000);
    return token;
  };
  const upload = async (token: string, url: string, fields: Record<string, string>, file: UploadFile) => {
    const form = await multipart(fields, file);
    const created = await t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    expect(created.statusCode, created.body).toBe(200);
    return body<{ id: string }>(created).result;
  };
  const smartRewrite = async (token: string, docx: Buffer, engine?: StandInEngine) => {
    const draft = await upload(token, `${MACHINE}/machine_init`, { title: THESIS_TITLE }, { name: '我的论文.docx', data: docx });
    expect((await post(t.app, `${MACHINE}/machine_submit`, { token, payload: { id: draft.id } })).statusCode).toBe(200);
    await runJobs(engine ? { ...t.runtime, compute: withRewriteEngine(t.runtime.compute, engine) } : t.runtime);
    return draft.id;
  };
  const load = async (token: string, id: string) => body<Record_>(await post(t.app, `${PAPER}/load_by_id`, { token, query: { id } })).result;
  const pairs = async (token: string, id: string) => body<{ records: Pair[] }>(await post(t.app, `${PAPER}/query_content_list`, { token, query: { id, pageSize: 100 } })).result.records;
  /** 保留原文 on every pair of these paragraphs the engine rewrote. */
  const keepOriginals = async (token: string, id: string, originals: readonly string[]) => {
    for (const pair of await pairs(token, id)) {
      if (!pair.rewritten || !originals.includes(pair.original)) continue;
      expect((await post(t.app, `${PAPER}/accept_content`, { token, payload: { id: pair.id, accepted: false } })).statusCode).toBe(200);
    }
  };
  const download = async (token: string, id: string, marked = false) => {
    const response = await post(t.app, `${PAPER}/download`, { token, query: marked ? { id, marked: 'true' } : { id } });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };

  it('智能降重 of a thesis .docx: both downloads are the student’s file, only the accepted rewrites changed', async () => {
    const token = await paidUser();
    const id = await smartRewrite(token, thesis);
    const record = await load(token, id);
    expect(record).toMatchObject({ status: 'done', docxInPlace: true, paragraphKeptInDocx: 0 });
    const rewritten = (await pairs(token, id)).filter((p) => p.rewritten && p.rewritten !== p.original);
    expect(rewritten.length).toBeGreaterThanOrEqual(3);
    // The title, the headings and the references are never rewritten, and a paragraph the engine kept is no rewrite.
    expect(record.paragraphRewritten).toBe(rewritten.length);
    const structure = [THESIS_TITLE, '摘要', '绪论', '研究背景', '研究方法', '实证结果', '参考文献', ...THESIS_REFERENCES, '致谢'];
    const untouched = (await pairs(token, id)).filter((p) => structure.includes(p.original));
    expect(untouched.map((p) => p.original)).toEqual(structure);
    for (const pair of untouched) expect(pair, pair.original).toMatchObject({ rewritten: '', accepted: false });
    // The student keeps the original of one body paragraph.
    await keepOriginals(token, id, [THESIS_PARAGRAPHS.method]);
    const all = await pairs(token, id);
    expect(all.find((p) => p.original === THESIS_PARAGRAPHS.method)?.accepted).toBe(false);

    const clean = await download(token, id);
    const expected = (await lines(thesis)).map((line, i) => {
      const pair = all.find((p) => p.index === i)!;
      return pair.accepted && pair.rewritten ? pair.rewritten : line;
    });
    expect(await lines(clean)).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining([THESIS_TITLE, THESIS_PARAGRAPHS.method, ...THESIS_REFERENCES]));
    expect(await headingsOf(clean)).toEqual(await headingsOf(thesis));

    const [before, after] = [await storedParts(thesis), await storedParts(clean)];
    expect(after.map((p) => p.name)).toEqual(before.map((p) => p.name));
    for (const [i, part] of after.entries()) if (part.name !== 'word/document.xml') expect(part.data.equals(before[i].data), part.name).toBe(true);

    const marked = await download(token, id, true);
    const xml = await readDocumentXml(marked);
    const date = record.finishedAt!.replace(/\.\d{3}Z$/, 'Z');
    expect(xml).toContain(`w:author="墨研" w:date="${date}"`);
    expect(scanDocument(acceptRevisions(xml, '墨研')).lines.map((l) => l.text)).toEqual(expected);
    // A whole thesis through the real engine in the worker pool: about 10 s alone, three times that on a loaded machine.
  }, 90_000);

  it('keeps a paragraph the file cannot take in place (a text box), says so on the record and the pair, and writes the rest', async () => {
    const docx = await withParagraphs(thesis, UNUSUAL.textBox.xml);
    // A stand-in engine that rewrites the text box's line and one ordinary paragraph, nothing else.
    const standIn: StandInEngine = {
      async rewriteDocument(text, options) {
        const paragraphs = text.split('\n').map((original, index) => {
          const rewritten = original === UNUSUAL.textBox.text ? '文本框前面的说明文字。文本框中的内容同样会被读取。' : original === THESIS_PARAGRAPHS.finding ? '研究表明，宽带普及率每提高10个百分点，农村电商交易额平均增长约6.2%。' : original;
          return { index, original, role: 'body' as const, rewritten, sentences: [], offline: true, changed: rewritten !== original, similarityToOriginal: 0.2, bigramOverlap: 0.6, protectedKept: true };
        });
        for (const p of paragraphs) await options.onParagraph?.(p);
        return { mode: options.mode, offline: true, paragraphs, terms: [] };
      },
    };
    const token = await paidUser();
    const id = await smartRewrite(token, docx, standIn);
    expect(await load(token, id)).toMatchObject({ docxInPlace: true, paragraphKeptInDocx: 1 });
    const kept = (await pairs(token, id)).filter((p) => p.docxKept);
    expect(kept.map((p) => [p.original, p.docxKept])).toEqual([[UNUSUAL.textBox.text, 'textbox']]);
    const out = await lines(await download(token, id));
    expect(out).toContain(UNUSUAL.textBox.text);
    expect(out).toContain('研究表明，宽带普及率每提高10个百分点，农村电商交易额平均增长约6.2%。');
  });

  it('a pasted paper gets a new .docx: headings as Word headings, the title once, the references as they were', async () => {
    const token = await paidUser();
    const pasted = [THESIS_TITLE, '摘要', THESIS_PARAGRAPHS.method, '第1章 绪论', '1.1 研究背景', THESIS_PARAGRAPHS.background, '1.1.1 数据说明', THESIS_PARAGRAPHS.finding, '参考文献', ...THESIS_REFERENCES];
    const form = await multipart({ title: THESIS_TITLE, content: pasted.join('\n') });
    const created = await t.app.inject({ method: 'POST', url: `${MACHINE}/machine_init`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    const { id } = body<{ id: string }>(created).result;
    expect((await post(t.app, `${MACHINE}/machine_submit`, { token, payload: { id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    expect(await load(token, id)).toMatchObject({ status: 'done', docxInPlace: false });
    for (const marked of [false, true]) {
      const docx = await download(token, id, marked);
      expect(await headingsOf(docx)).toEqual(['1:摘要', '1:第1章 绪论', '2:1.1 研究背景', '3:1.1.1 数据说明', '1:参考文献']);
      const out = await lines(docx);
      expect(out.filter((l) => l === THESIS_TITLE)).toHaveLength(1);
      expect(out.slice(-THESIS_REFERENCES.length)).toEqual(THESIS_REFERENCES);
      const xml = await readDocumentXml(docx);
      expect(xml).toMatch(/<w:pStyle w:val="Title"\/>/);
      expect(xml.match(/<w:pStyle w:val="ThesisReference"\/>/g)).toHaveLength(THESIS_REFERENCES.length);
      if (marked) expect(xml).toMatch(/<w:ins [^>]*w:author="墨研"/);
    }
  });

  it('降AIGC of a detection uploaded as .docx gives the student’s file back, rewritten in place', async () => {
    const fixture = (name: string) => readFileSync(new URL(`../services/aigc/fixtures/${name}`, import.meta.url), 'utf8').trim().split('\n');
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ heading: HeadingLevel.HEADING_1, text: '绪论' }),
              ...fixture('machine-style.txt').map((text) => new Paragraph(text)),
              new Paragraph({ heading: HeadingLevel.HEADING_1, text: '结论' }),
              ...fixture('human-style.txt').map((text) => new Paragraph(text)),
            ],
          },
        ],
      }),
    );
    const token = await paidUser();
    const detection = await upload(token, `${AIGC}/machine_init`, { title: '深度学习与文本相似度' }, { name: '检测.docx', data: docx });
    expect((await post(t.app, `${AIGC}/machine_submit`, { token, payload: { id: detection.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    const lowering = await post(t.app, `${AIGC}/aigc_machine_submit`, { token, payload: { id: detection.id, mode: 'rewrite' } });
    expect(lowering.statusCode, lowering.body).toBe(200);
    await runJobs(t.runtime);
    const { id } = body<{ id: string }>(lowering).result;
    expect(await load(token, id)).toMatchObject({ status: 'done', docxInPlace: true });
    const response = await post(t.app, `${AIGC}/download`, { token, query: { id } });
    expect(response.statusCode, response.body).toBe(200);
    const out = response.rawPayload;
    expect(await headingsOf(out)).toEqual(['1:绪论', '1:结论']);
    const changed = (await pairs(token, id)).filter((p) => p.rewritten);
    expect(changed.length).toBeGreaterThan(0);
    expect(await lines(out)).toEqual(expect.arrayContaining(changed.map((p) => p.rewritten)));
    const [before, after] = [await storedParts(docx), await storedParts(out)];
    for (const [i, part] of after.entries()) if (part.name !== 'word/document.xml') expect(part.data.equals(before[i].data), part.name).toBe(true);
  });

  it('keeps the uploaded original while a record holds it, and removes it with the last one', async () => {
    const token = await paidUser();
    const unique = await withParagraphs(thesis, UNUSUAL.manyRuns.xml);
    const first = await smartRewrite(token, unique);
    const second = await smartRewrite(token, unique);
    const stored = async () => (await dir.files()).length;
    const count = await stored();
    expect(await post(t.app, `${MACHINE}/delete`, { token, query: { id: first } })).toMatchObject({ statusCode: 200 });
    expect(await stored()).toBe(count);
    expect((await load(token, second)).docxInPlace).toBe(true);
    expect(await post(t.app, `${MACHINE}/delete`, { token, query: { id: second } })).toMatchObject({ statusCode: 200 });
    expect(await stored()).toBe(count - 1);
  });
});

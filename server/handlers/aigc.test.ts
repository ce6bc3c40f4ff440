import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIGC_MIN_CHARS } from '../engines/aigc';
import { countChars } from '@common/char-count';
import { buildDocx, buildImageOnlyPdf } from '../engines/text/fixtures/build';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { grant } from '../test/fixtures';
import { expectNoChange } from '../test/snapshot';
import { multipart, runJobs } from './check.test-helpers';

// paper_aigc_api detection end to end on the real app, job runner, worker pool and detector.

const AIGC = '/api/base/paper_aigc_api';
const fixture = (name: string) => readFileSync(new URL(`../services/aigc/fixtures/${name}`, import.meta.url), 'utf8').trim();
const MACHINE = fixture('machine-style.txt');
const HUMAN = fixture('human-style.txt');
const PAPER = `${MACHINE}\n${HUMAN}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c00000000049454e44ae426082', 'hex');

interface Sentence {
  start: number;
  end: number;
  probability: number;
  machine: boolean;
  reasons: string[];
}
interface Paragraph {
  id: string;
  index: number;
  section: string | null;
  text: string;
  charCount: number;
  aiCharCount: number;
  aiProbability: number;
  band: string;
  tooShort: boolean;
  sentences: Sentence[];
  original: string | null;
}
interface Detector {
  name: string;
  version: string;
  threshold: number;
  falseAccusationRate: number | null;
  llm: boolean;
  bands: { high: number; medium: number; low: number };
}
interface Detection {
  id: string;
  kind: string;
  status: string;
  priceFen: number;
  charCount: number;
  offline: boolean;
  sourceType: string;
  fileName: string | null;
  method: string | null;
  aiCharRatio: number | null;
  band: string | null;
  score: number | null;
  aiCharCount: number | null;
  detector: Detector | null;
  paragraphTotal: number;
  paragraphFlagged: number;
  paragraphScores?: Array<{ index: number; charCount: number; aiProbability: number; band: string; tooShort: boolean }>;
  error: string | null;
}

async function corruptDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('word/document.xml', '<w:document><w:body><w:p>未闭合的标签');
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('AIGC detection (paper_aigc_api)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (path: string, token: string, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
    post(t.app, `${AIGC}/${path}`, { token, ...options });
  const userIdOf = async (token: string) => body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
  const paidUser = async (fen = 10_000) => {
    const { token } = await signUp(t.app);
    if (fen) await grant(t.db, await userIdOf(token), fen);
    return token;
  };
  const init = async (token: string, fields: Record<string, string>, file?: { name: string; data: Buffer }) => {
    const { payload, headers } = await multipart(fields, file);
    return t.app.inject({ method: 'POST', url: `${AIGC}/machine_init`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const ledger = (taskId: string) =>
    t.db.sql<{ kind: string; amount_fen: number }>('select kind, amount_fen from ledger_entries where task_id = $1 order by seq', [taskId]);
  const load = async (token: string, id: string) => body<Detection>(await call('load_by_id', token, { query: { id } })).result;
  const paragraphs = async (token: string, id: string) =>
    body<{ records: Paragraph[]; total: number }>(await call('query_content_list', token, { query: { id, pageSize: 100 } })).result;
  const draft = async (token: string, content = PAPER) => {
    const created = await init(token, { title: '深度学习与文本相似度', author: '李明', content });
    expect(created.statusCode, created.body).toBe(200);
    return body<Detection>(created).result;
  };
  const detected = async (token: string, content = PAPER) => {
    const record = await draft(token, content);
    expect((await call('machine_submit', token, { payload: { id: record.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    return record;
  };

  it('quotes with word_count at the AIGC price and says the fewest characters it judges, storing nothing', async () => {
    const token = await paidUser(0);
    const quote = await expectNoChange(t.db, async () => body<{ charCount: number; priceFen: number; minChars: number }>(await call('word_count', token, { payload: { content: PAPER } })).result);
    expect(quote.charCount).toBe(countChars(PAPER));
    expect(quote.priceFen).toBe(Math.max(300, Math.ceil(quote.charCount / 1000) * 100));
    expect(quote.minChars).toBe(AIGC_MIN_CHARS);
  });

  describe('refuses bad input with a Chinese message, no charge, no task', () => {
    let token: string;
    beforeAll(async () => {
      token = await paidUser();
    });
    const title = { title: '论文题目' };
    const refusedInit = async (fields: Record<string, string>, file?: { name: string; data: Buffer }) => {
      const response = await expectNoChange(t.db, () => init(token, fields, file));
      return { status: response.statusCode, error: body(response).error };
    };
    const refusedCount = async (content: string) => {
      const response = await expectNoChange(t.db, () => call('word_count', token, { payload: { content } }));
      return { status: response.statusCode, error: body(response).error };
    };
    const english = 'Deep learning has achieved remarkable results in natural language processing. '.repeat(20);
    const short = '深度学习取得了显著的成果。';

    it.each([
      ['whitespace only', ' \n\t　 ', 400, 'EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字'],
      ['English only', english, 422, 'NOT_CHINESE', 'AIGC 检测目前只支持中文文本，这段文字几乎没有中文，请提交中文论文'],
      [
        'under the fewest characters judged',
        short,
        422,
        'TEXT_TOO_SHORT',
        `正文只有 ${countChars(short)} 字，AIGC 检测至少需要 ${AIGC_MIN_CHARS} 字才能可靠判断，请补充后再提交`,
      ],
    ])('%s (machine_init and word_count)', async (_name, content, status, code, message) => {
      const fromInit = await refusedInit({ ...title, content });
      expect(fromInit).toMatchObject({ status, error: { code, message } });
      expect(await refusedCount(content)).toMatchObject({ status, error: { code, message } });
    });

    it('empty pasted text and a missing title or source are 400', async () => {
      const empty = await refusedInit({ ...title, content: '' });
      expect(empty.status).toBe(400);
      expect(empty.error.message).toMatch(/^请求参数不正确/);
      expect((await refusedInit({ title: '  ', content: PAPER })).error.message).toContain('请填写论文题目');
      const both = await refusedInit({ ...title, content: PAPER }, { name: '论文.txt', data: Buffer.from(PAPER) });
      expect(both.status).toBe(400);
      expect(both.error.message).toContain('上传文件和粘贴正文只能二选一');
      expect((await expectNoChange(t.db, () => call('word_count', token, { payload: { content: '' } }))).statusCode).toBe(400);
    });

    it('over 300 000 characters is 413 TEXT_TOO_LONG', async () => {
      const long = '字'.repeat(300_001);
      const expected = { status: 413, error: { code: 'TEXT_TOO_LONG', message: '论文共 300001 字，超过单次检测 300000 字的上限，请删减或分章节检测' } };
      expect(await refusedInit({ ...title, content: long })).toMatchObject(expected);
      expect(await refusedCount(long)).toMatchObject(expected);
    });

    it('corrupt, scanned and disguised files are refused with their own reason', async () => {
      expect(await refusedInit(title, { name: '论文.docx', data: await corruptDocx() })).toMatchObject({ status: 422, error: { code: 'CORRUPT_DOCX' } });
      expect(await refusedInit(title, { name: '扫描件.pdf', data: await buildImageOnlyPdf(2) })).toMatchObject({ status: 422, error: { code: 'SCANNED_PDF' } });
      expect(await refusedInit(title, { name: '论文.docx', data: PNG })).toMatchObject({ status: 415, error: { code: 'UNSUPPORTED_FILE_TYPE' } });
      const englishDocx = await buildDocx([english, english]);
      expect(await refusedInit(title, { name: 'paper.docx', data: englishDocx })).toMatchObject({ status: 422, error: { code: 'NOT_CHINESE' } });
      expect((await refusedInit(title, { name: '论文.docx', data: await corruptDocx() })).error.message).toMatch(/[\u4e00-\u9fff]/);
    });
  });

  it('pastes, charges once, scores every paragraph and sentence with reasons, and the figures add up', async () => {
    const token = await paidUser();
    const record = await draft(token);
    expect(record).toMatchObject({ kind: 'detect', status: 'draft', sourceType: 'paste', fileName: null, aiCharRatio: null, band: null, detector: null, paragraphTotal: 0 });
    expect(record.charCount).toBe(countChars(PAPER));
    expect(record.priceFen).toBe(300);
    expect(body<{ paid: boolean }>(await call('check_order_id', token, { query: { id: record.id } })).result.paid).toBe(false);
    expect(await ledger(record.id)).toEqual([]);

    const submitted = await call('machine_submit', token, { payload: { id: record.id } });
    expect(body<Detection>(submitted).result.status).toBe('queued');
    expect((await ledger(record.id)).map((e) => [e.kind, e.amount_fen])).toEqual([['charge', -300]]);
    const again = await expectNoChange(t.db, () => call('machine_submit', token, { payload: { id: record.id } }));
    expect(again.statusCode).toBe(409);
    expect(body(again).error.code).toBe('TASK_ALREADY_SUBMITTED');
    expect(await paragraphs(token, record.id)).toMatchObject({ records: [], total: 0 });
    expect((await call('download_report', token, { query: { id: record.id } })).statusCode).toBe(409);

    expect(await runJobs(t.runtime)).toBe(1);
    const done = await load(token, record.id);
    expect(done).toMatchObject({ status: 'done', offline: true, method: 'offline-model', paragraphTotal: 4 });
    expect(done.detector).toMatchObject({ name: 'moyan-aigc', threshold: 0.5, llm: false, bands: { high: 0.6, medium: 0.3, low: 0.1 } });
    expect(done.detector!.falseAccusationRate).toBeGreaterThanOrEqual(0);
    expect(done.detector!.falseAccusationRate).toBeLessThanOrEqual(0.05);
    expect(done.score).toBeGreaterThanOrEqual(0);
    expect(['high', 'medium', 'low', 'none']).toContain(done.band);
    expect(done.paragraphScores!.map((p) => p.index)).toEqual([0, 1, 2, 3]);

    const { records, total } = await paragraphs(token, record.id);
    expect(total).toBe(4);
    expect(records.map((p) => p.text)).toEqual(PAPER.split('\n'));
    let aiChars = 0;
    for (const p of records) {
      expect(p.original).toBeNull();
      const codes = Array.from(p.text);
      for (const s of p.sentences) {
        expect(s.start).toBeGreaterThanOrEqual(0);
        expect(s.end).toBeLessThanOrEqual(codes.length);
        expect(s.end).toBeGreaterThan(s.start);
        if (s.machine) {
          expect(s.probability).toBeGreaterThanOrEqual(0.5);
          expect(s.reasons.length).toBeGreaterThan(0);
          for (const reason of s.reasons) expect(reason).toMatch(/[\u4e00-\u9fff]/);
        } else expect(s.reasons).toEqual([]);
      }
      const machineChars = p.sentences.filter((s) => s.machine).reduce((n, s) => n + countChars(codes.slice(s.start, s.end).join('')), 0);
      expect(p.aiCharCount).toBe(machineChars);
      aiChars += p.aiCharCount;
      const scored = done.paragraphScores!.find((s) => s.index === p.index)!;
      expect(scored).toEqual({ index: p.index, charCount: p.charCount, aiProbability: p.aiProbability, band: p.band, tooShort: p.tooShort });
      expect(body<Paragraph>(await call('load_content_by_id', token, { query: { id: p.id } })).result).toEqual(p);
    }
    expect(done.aiCharCount).toBe(aiChars);
    expect(done.aiCharRatio).toBeCloseTo(aiChars / done.charCount, 3);
    expect(done.paragraphFlagged).toBe(records.filter((p) => p.band === 'high' || p.band === 'medium').length);
    // The machine-style paragraphs score above the human ones, and sentences of them are flagged.
    expect(records[0].sentences.some((s) => s.machine) || records[1].sentences.some((s) => s.machine)).toBe(true);
    expect(Math.max(records[2].aiProbability, records[3].aiProbability)).toBeLessThan(Math.min(records[0].aiProbability, records[1].aiProbability));

    const list = body<{ records: Detection[]; total: number }>(await call('query_list', token, { payload: { kind: 'detect' } })).result;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: record.id, status: 'done', aiCharRatio: done.aiCharRatio, paragraphTotal: 4, paragraphFlagged: done.paragraphFlagged });
    expect(body<{ total: number }>(await call('query_list', token, { payload: { kind: 'lower' } })).result.total).toBe(0);
    expect(body<{ paid: boolean; orderId: string }>(await call('check_order_id', token, { query: { id: record.id } })).result).toMatchObject({ paid: true, status: 'done' });
  });

  it('re-scores one paragraph at no charge, keeping the record figures consistent', async () => {
    const token = await paidUser();
    const record = await detected(token);
    const before = await load(token, record.id);
    const [first] = (await paragraphs(token, record.id)).records;
    const reloaded = await call('reload', token, { query: { id: first.id } });
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(body<Paragraph>(reloaded).result).toEqual(first);
    const after = await load(token, record.id);
    expect(after).toMatchObject({ aiCharRatio: before.aiCharRatio, band: before.band, aiCharCount: before.aiCharCount });
    expect((await ledger(record.id)).map((e) => e.kind)).toEqual(['charge']);

    const queued = await draft(token);
    expect((await call('machine_submit', token, { payload: { id: queued.id } })).statusCode).toBe(200);
    expect((await call('download_report', token, { query: { id: queued.id } })).statusCode).toBe(409);
    await runJobs(t.runtime);
  });

  it('downloads the report as a PDF with the CJK font: figures, band, marked sentences, reasons and the note on limits', async () => {
    const token = await paidUser();
    const record = await detected(token);
    const done = await load(token, record.id);
    const pdf = await call('download_report', token, { query: { id: record.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('深度学习与文本相似度-AIGC检测报告.pdf'));
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, '');
    expect(text).toContain('AIGC检测报告单');
    expect(text).toContain('深度学习与文本相似度');
    expect(text).toContain(`AI字符占比${(done.aiCharRatio! * 100).toFixed(1)}%`);
    expect(text).toContain('检测的局限');
    expect(text).toContain(`本检测器把${(done.detector!.falseAccusationRate! * 100).toFixed(1)}%的文本判为AI生成`);
    expect(text).toContain('标注1');
    expect(text).toContain(MACHINE.slice(0, 20));
  });

  it('detects a finished check’s own text from its report: nothing pasted again; only the owner’s finished check', async () => {
    const token = await paidUser();
    const form = await multipart({ title: '查重后检测', content: PAPER });
    const check = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    const other = await paidUser();
    await expectNoChange(t.db, async () => {
      expect((await init(token, { title: '未完成', checkId: check.id })).statusCode).toBe(404);
    });
    await post(t.app, '/api/base/check_api/check_submit', { token, payload: { id: check.id } });
    await runJobs(t.runtime);
    await expectNoChange(t.db, async () => {
      expect((await init(other, { title: '别人的', checkId: check.id })).statusCode).toBe(404);
    });

    const created = await init(token, { title: '查重后检测', checkId: check.id });
    expect(created.statusCode, created.body).toBe(200);
    const record = body<Detection>(created).result;
    const quote = body<{ charCount: number; priceFen: number }>(await call('word_count', token, { payload: { content: PAPER } })).result;
    expect(record).toMatchObject({ status: 'draft', charCount: quote.charCount, priceFen: quote.priceFen });
    expect((await call('machine_submit', token, { payload: { id: record.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    expect((await load(token, record.id)).status).toBe('done');
    const scored = await paragraphs(token, record.id);
    expect(scored.records.map((p) => p.text).join('\n')).toBe(PAPER.split('\n').filter((line) => line.trim()).join('\n'));
  });

  it('takes an uploaded .docx, split into its paragraphs', async () => {
    const token = await paidUser();
    const docx = await buildDocx(PAPER.split('\n'));
    const created = await init(token, { title: '上传的论文' }, { name: '我的论文.docx', data: docx });
    expect(created.statusCode, created.body).toBe(200);
    const record = body<Detection>(created).result;
    expect(record).toMatchObject({ sourceType: 'upload', fileName: '我的论文.docx', charCount: countChars(PAPER) });
    await call('machine_submit', token, { payload: { id: record.id } });
    await runJobs(t.runtime);
    expect((await paragraphs(token, record.id)).total).toBe(PAPER.split('\n').length);
  });

  it('refuses to submit without balance (nothing charged, nothing changed) and never uses the free 查重', async () => {
    const token = await paidUser(0);
    const record = await draft(token);
    const refused = await expectNoChange(t.db, () => call('machine_submit', token, { payload: { id: record.id } }));
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(body(refused).error.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('fails a detection that cannot be stored and refunds it once', async () => {
    const token = await paidUser();
    const record = await draft(token);
    await call('machine_submit', token, { payload: { id: record.id } });
    await t.db.sql('alter table aigc_paragraphs rename to aigc_paragraphs_away');
    try {
      await runJobs(t.runtime);
    } finally {
      await t.db.sql('alter table aigc_paragraphs_away rename to aigc_paragraphs');
    }
    const failed = await load(token, record.id);
    expect(failed).toMatchObject({ status: 'failed', aiCharRatio: null, detector: null });
    expect(failed.error).toMatch(/退/);
    expect((await ledger(record.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
    expect(body<{ paid: boolean }>(await call('check_order_id', token, { query: { id: record.id } })).result.paid).toBe(false);
  });

  it('deletes a finished detection (ledger kept), refuses a queued one', async () => {
    const token = await paidUser();
    const queued = await draft(token);
    await call('machine_submit', token, { payload: { id: queued.id } });
    const running = await expectNoChange(t.db, () => call('delete', token, { query: { id: queued.id } }));
    expect(running.statusCode).toBe(409);
    expect(body(running).error).toEqual({ code: 'TASK_RUNNING', message: 'AIGC 检测正在进行，请完成后再删除' });
    await runJobs(t.runtime);
    const removed = await call('delete', token, { query: { id: queued.id } });
    expect(body(removed).result).toEqual({ id: queued.id, deleted: true });
    expect((await call('load_by_id', token, { query: { id: queued.id } })).statusCode).toBe(404);
    expect((await t.db.sql<{ n: number }>("select count(*)::int as n from ledger_entries where note like 'AIGC检测%' and amount_fen = -300 and task_id is null"))[0].n).toBeGreaterThan(0);
  });

  it("keeps every record to its owner: another user's ids are 404 on every call", async () => {
    const owner = await paidUser();
    const record = await detected(owner);
    const [p] = (await paragraphs(owner, record.id)).records;
    const other = await paidUser();
    for (const [path, options] of [
      ['load_by_id', { query: { id: record.id } }],
      ['query_content_list', { query: { id: record.id } }],
      ['load_content_by_id', { query: { id: p.id } }],
      ['reload', { query: { id: p.id } }],
      ['check_order_id', { query: { id: record.id } }],
      ['download_report', { query: { id: record.id } }],
      ['delete', { query: { id: record.id } }],
      ['machine_submit', { payload: { id: record.id } }],
    ] as const) {
      const response = await expectNoChange(t.db, () => call(path, other, options));
      expect(response.statusCode, path).toBe(404);
    }
    expect(body<{ total: number }>(await call('query_list', other)).result.total).toBe(0);
  });
});

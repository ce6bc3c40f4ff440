import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { countChars } from '@common/char-count';
import { buildDocx } from '../engines/text/fixtures/build';
import type { RewriteOptions, RewrittenParagraph } from '../engines/rewrite';
import { ReferenceLibrary } from '../services/library/library';
import { runRewrite } from '../services/rewrite/run';
import { body, createTestApp, post, signUp, type TestApp, testConfig } from '../test/app';
import { grant } from '../test/fixtures';
import { type StandInEngine, withRewriteEngine } from '../test/rewrite-engine';
import { expectNoChange } from '../test/snapshot';
import { poolCompute } from '../workers/compute';
import { multipart, runJobs, scratchDir } from './check.test-helpers';

// The rewording APIs end to end on the real app, job runner and similarity engine. The rewording
// engine is a stand-in here (server/engines/rewrite has its own tests): it marks what it changed, can
// fail after a number of paragraphs, and says offline unless it was given a model gateway.

const A = fixture('source-a.txt');
const PAPER = '/api/base/paper_machine_api';
const MACHINE = '/api/base/machine_api';

interface Task {
  id: string;
  status: string;
  priceFen: number;
  charCount: number;
  offline: boolean;
  mode: string;
  source: string;
  paragraphTotal: number;
  paragraphRewritten: number;
  paragraphAccepted: number;
  similarityBefore: number | null;
  similarityAfter: number | null;
  recheckId: string | null;
  protectedTerms: string[];
  error: string | null;
}
interface Pair {
  id: string;
  index: number;
  original: string;
  rewritten: string;
  status: string;
  offline: boolean;
  similarityToOriginal: number | null;
  bigramOverlap: number | null;
  protectedKept: boolean | null;
  similarityBefore: number | null;
  similarityAfter: number | null;
  accepted: boolean;
}

let failAfter = Infinity;
let calls = 0;
/** When set, the stand-in knows one wording of a paragraph for its first n calls, and another after. */
let oneWordingFor: number | null = null;
const wordingCalls = new Map<string, number>();
function rewriteText(text: string, options: RewriteOptions): string {
  if (oneWordingFor !== null) {
    const n = (wordingCalls.get(text) ?? 0) + 1;
    wordingCalls.set(text, n);
    return `${text}（${n <= oneWordingFor ? '唯一的改法' : '另一种改法'}）`;
  }
  let out = text.replace(/研究/g, '探讨').replace(/方法/g, '手段').replace(/检测/g, '识别');
  for (const term of options.protectedTerms ?? []) out = out.split(term.replace(/研究/g, '探讨')).join(term);
  return `${out}（${options.mode}-${options.seed ?? 0}）`;
}
/** The paragraph indexes each whole-document run was told to skip (stored by a run before it). */
const skipped: Array<readonly number[] | undefined> = [];
const standIn: StandInEngine = {
  async rewriteDocument(text, options) {
    skipped.push(options.skip);
    const paragraphs: RewrittenParagraph[] = [];
    for (const [index, original] of text.split('\n').filter((p) => p.trim()).entries()) {
      if (calls++ >= failAfter) throw new Error('model failed mid-paper');
      const p = { index, original, role: 'body' as const, rewritten: rewriteText(original, options), offline: !options.gateway?.configured('rewrite'), similarityToOriginal: 0.2, bigramOverlap: 0.6, protectedKept: true, sentences: [] };
      paragraphs.push(p);
      await options.onParagraph?.(p);
    }
    return { mode: options.mode, offline: paragraphs.every((p) => p.offline), paragraphs, terms: [] };
  },
};

describe('rewording APIs (paper_machine_api, machine_api)', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;

  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path }, { compute: withRewriteEngine(poolCompute(testConfig()), standIn) });
    await new ReferenceLibrary(t.db).addDocuments([{ id: 'lib-a', title: '指纹检测方法综述', text: A }]);
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });
  afterEach(() => {
    failAfter = Infinity;
    calls = 0;
    oneWordingFor = null;
    wordingCalls.clear();
    skipped.length = 0;
  });

  const call = (base: string, path: string, token: string, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
    post(t.app, `${base}/${path}`, { token, ...options });
  const userIdOf = async (token: string) => body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
  const paidUser = async (fen = 10_000) => {
    const { token } = await signUp(t.app);
    if (fen) await grant(t.db, await userIdOf(token), fen);
    return token;
  };
  const init = async (base: string, path: string, token: string, fields: Record<string, string | string[]>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) form.append(k, item);
    const request = new Request('http://moyan.test/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: `${base}/${path}`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
    });
  };
  const ledger = (taskId: string) =>
    t.db.sql<{ kind: string; amount_fen: number }>('select kind, amount_fen from ledger_entries where task_id = $1 order by seq', [taskId]);
  const pairs = async (token: string, id: string) =>
    body<{ records: Pair[]; total: number }>(await call(PAPER, 'query_content_list', token, { query: { id, pageSize: 100 } })).result;
  const load = async (token: string, id: string) => body<Task>(await call(PAPER, 'load_by_id', token, { query: { id } })).result;
  // Fixture A is one long paragraph: three paragraphs of a third of its sentences each.
  const sentences = A.split(/(?<=。)/).filter((s) => s.trim());
  const third = Math.ceil(sentences.length / 3);
  const paragraphsOfA = [0, 1, 2].map((i) => sentences.slice(i * third, (i + 1) * third).join(''));
  const text = paragraphsOfA.join('\n');

  async function pasteAndSubmit(token: string, mode = 'rewrite', extra: Record<string, string | string[]> = {}) {
    const created = await init(PAPER, 'machine_init', token, { title: '指纹检测的改进', mode, content: text, ...extra });
    expect(created.statusCode, created.body).toBe(200);
    const draft = body<Task>(created).result;
    const submitted = await call(PAPER, 'machine_submit', token, { payload: { id: draft.id } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return draft;
  }

  it('pastes, prices, charges, rewrites every paragraph with its figures, and labels the offline result', async () => {
    const token = await paidUser();
    const quote = body<{ charCount: number; priceFen: number }>(await call(PAPER, 'word_count', token, { payload: { content: text, mode: 'strong' } })).result;
    // No model here: the offline engine will do it, at its own price (rewrite_offline), not the model's.
    expect(quote.priceFen).toBe(Math.max(300, Math.ceil(quote.charCount / 1000) * 150));

    const draft = await pasteAndSubmit(token, 'strong', { protectedTerms: ['文本相似度', '指纹'] });
    expect(draft).toMatchObject({ status: 'draft', mode: 'strong', source: 'upload', protectedTerms: ['文本相似度', '指纹'], priceFen: quote.priceFen });
    expect((await ledger(draft.id)).map((e) => [e.kind, e.amount_fen])).toEqual([['charge', -quote.priceFen]]);
    expect(body<{ paid: boolean; orderId: string }>(await call(MACHINE, 'check_order_id', token, { query: { id: draft.id } })).result.paid).toBe(true);

    await runJobs(t.runtime);
    const done = await load(token, draft.id);
    expect(done).toMatchObject({ status: 'done', offline: true, paragraphTotal: 3, paragraphRewritten: 3, paragraphAccepted: 3 });
    expect(done.similarityBefore).toBeGreaterThan(0.5);
    expect(done.similarityAfter).not.toBeNull();
    expect(done.similarityAfter!).toBeLessThan(done.similarityBefore!);

    const { records, total } = await pairs(token, draft.id);
    expect(total).toBe(3);
    expect(records.map((p) => p.original)).toEqual(paragraphsOfA.slice(0, 3));
    for (const p of records) {
      expect(p).toMatchObject({ status: 'done', offline: true, similarityToOriginal: 0.2, bigramOverlap: 0.6, protectedKept: true, accepted: true });
      expect(p.rewritten).toContain('（strong-1）');
      expect(p.similarityBefore).toBeGreaterThan(0);
      expect(p.similarityAfter).not.toBeNull();
    }
  });

  it('accepts or rejects a paragraph, re-runs one through the runner, and downloads the .docx with or without the changes marked', async () => {
    const token = await paidUser();
    const draft = await pasteAndSubmit(token);
    expect((await call(PAPER, 'download', token, { query: { id: draft.id } })).statusCode).toBe(409);
    await runJobs(t.runtime);
    const [first, second] = (await pairs(token, draft.id)).records;

    const rejected = await call(PAPER, 'accept_content', token, { payload: { id: second.id, accepted: false } });
    expect(body<Pair>(rejected).result.accepted).toBe(false);
    expect((await load(token, draft.id)).paragraphAccepted).toBe(2);

    const reload = await call(PAPER, 'reload', token, { query: { id: first.id } });
    expect(body<Pair>(reload).result.status).toBe('queued');
    expect((await call(PAPER, 'reload', token, { query: { id: first.id } })).statusCode).toBe(409);
    await runJobs(t.runtime);
    const again = body<Pair>(await call(PAPER, 'load_content_by_id', token, { query: { id: first.id } })).result;
    expect(again.status).toBe('done');
    expect(again.rewritten).not.toBe(first.rewritten);
    expect(again.rewritten).toMatch(/（rewrite-\d+）$/);
    expect((await ledger(draft.id)).filter((e) => e.kind === 'charge')).toHaveLength(1);

    const plain = await call(PAPER, 'download', token, { query: { id: draft.id } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('wordprocessingml');
    const xml = await (await JSZip.loadAsync(plain.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('识别');
    expect(xml).toContain(second.original.slice(0, 20)); // rejected: the original kept
    expect(xml).not.toContain('<w:ins ');
    // Marked: the changes as Word revisions by 墨研, dated when the rewrite finished.
    const marked = await call(PAPER, 'download', token, { query: { id: draft.id, marked: 'true' } });
    const markedXml = await (await JSZip.loadAsync(marked.rawPayload)).file('word/document.xml')!.async('string');
    expect(markedXml).toMatch(/<w:del w:id="\d+" w:author="墨研" w:date="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ">/);
    expect(markedXml).toMatch(/<w:ins w:id="\d+" w:author="墨研" w:date="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ">/);
    expect(markedXml).not.toContain('<w:strike/>');

    const report = await t.app.inject({ method: 'GET', url: `${MACHINE}/download_report`, query: { id: draft.id }, headers: { authorization: `Bearer ${token}` } });
    expect(report.statusCode).toBe(200);
    const reportXml = await (await JSZip.loadAsync(report.rawPayload)).file('word/document.xml')!.async('string');
    expect(reportXml).toContain('降重报告');
    expect(reportXml).toContain('离线引擎改写');
    expect(reportXml).toContain('AI字符占比：改写前');
  });

  it('重新改写 offline looks under other seeds for a wording other than the one shown, and keeps it when there is none', async () => {
    const token = await paidUser();
    const draft = await pasteAndSubmit(token);
    oneWordingFor = 3;
    await runJobs(t.runtime);
    const [first, second] = (await pairs(token, draft.id)).records;
    expect(first.rewritten).toMatch(/（唯一的改法）$/);

    expect((await call(PAPER, 'reload', token, { query: { id: first.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    const other = body<Pair>(await call(PAPER, 'load_content_by_id', token, { query: { id: first.id } })).result;
    expect(other).toMatchObject({ status: 'done', offline: true });
    expect(other.rewritten).toMatch(/（另一种改法）$/);
    expect(wordingCalls.get(first.original)).toBe(4);

    oneWordingFor = Infinity;
    expect((await call(PAPER, 'reload', token, { query: { id: second.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    const same = body<Pair>(await call(PAPER, 'load_content_by_id', token, { query: { id: second.id } })).result;
    expect(same).toMatchObject({ status: 'done', rewritten: second.rewritten });
    expect(wordingCalls.get(second.original)).toBe(1 + 8);
  });

  it('keeps each paragraph’s id, text and the student’s choice when a run is resumed after a crash, so an open comparison view’s accept and reload still work', async () => {
    const token = await paidUser();
    const draft = await pasteAndSubmit(token);
    // The run the crash interrupts: two paragraphs stored (and one of them rejected by the student), then it dies.
    failAfter = 2;
    await expect(runRewrite(t.runtime, draft.id, async () => undefined)).rejects.toThrow('model failed mid-paper');
    const open = (await pairs(token, draft.id)).records;
    expect(open).toHaveLength(2);
    expect(body<Pair>(await call(PAPER, 'accept_content', token, { payload: { id: open[1].id, accepted: false } })).result.accepted).toBe(false);

    // After the restart the runner starts the job again on the same task, and does not rewrite (or pay the
    // model for) the two paragraphs stored before the crash.
    failAfter = Infinity;
    await runJobs(t.runtime);
    expect(skipped).toEqual([[], [0, 1]]);
    expect((await load(token, draft.id)).status).toBe('done');
    const resumed = (await pairs(token, draft.id)).records;
    expect(resumed).toHaveLength(3);
    expect(resumed.slice(0, 2).map((p) => [p.id, p.index, p.rewritten, p.accepted])).toEqual([
      [open[0].id, 0, open[0].rewritten, true],
      [open[1].id, 1, open[1].rewritten, false],
    ]);

    const accepted = await call(PAPER, 'accept_content', token, { payload: { id: open[1].id, accepted: true } });
    expect(accepted.statusCode).toBe(200);
    const reload = await call(PAPER, 'reload', token, { query: { id: open[0].id } });
    expect(reload.statusCode).toBe(200);
    await runJobs(t.runtime);
    expect(body<Pair>(await call(PAPER, 'load_content_by_id', token, { query: { id: open[0].id } })).result.status).toBe('done');
  });

  it('re-checks the rewritten text with 查重: a new check record, charged at the check price, once', async () => {
    const token = await paidUser();
    const draft = await pasteAndSubmit(token);
    await runJobs(t.runtime);
    const recheck = await call(PAPER, 'submit_check', token, { query: { id: draft.id } });
    expect(recheck.statusCode, recheck.body).toBe(200);
    const { checkId, status, priceFen } = body<{ checkId: string; status: string; priceFen: number }>(recheck).result;
    expect(status).toBe('queued');
    expect((await ledger(checkId)).map((e) => e.amount_fen)).toEqual([-priceFen]);
    expect((await load(token, draft.id)).recheckId).toBe(checkId);
    expect((await call(PAPER, 'submit_check', token, { query: { id: draft.id } })).statusCode).toBe(409);
    await runJobs(t.runtime);
    const check = body<{ status: string; figures: { totalRatio: number } }>(
      await post(t.app, '/api/base/check_api/load_by_id', { token, query: { id: checkId } }),
    ).result;
    expect(check.status).toBe('done');
  });

  it('fails a model failure mid-paper cleanly: refunded once, the finished paragraphs kept', async () => {
    const token = await paidUser();
    failAfter = 2;
    const draft = await pasteAndSubmit(token);
    await runJobs(t.runtime);
    const failed = await load(token, draft.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/退回|退款/);
    expect((await ledger(draft.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
    const kept = (await pairs(token, draft.id)).records;
    expect(kept.map((p) => p.index)).toEqual([0, 1]);
    expect(kept.every((p) => p.status === 'done' && p.rewritten.length > 0)).toBe(true);
    expect(body<{ paid: boolean }>(await call(MACHINE, 'check_order_id', token, { query: { id: draft.id } })).result.paid).toBe(false);
    await runJobs(t.runtime);
    expect((await ledger(draft.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
  });

  it('refuses bad input in Chinese with nothing charged and no task', async () => {
    const token = await paidUser(600);
    await expectNoChange(t.db, async () => {
      const cases: Array<[string, string, Record<string, string | string[]>, number]> = [
        [PAPER, 'machine_init', { title: '  ', mode: 'rewrite', content: text }, 400],
        [PAPER, 'machine_init', { title: '题目', mode: 'rewrite' }, 400],
        [PAPER, 'machine_init', { title: '题目', mode: 'smart', content: text }, 400],
        [PAPER, 'machine_init', { title: '题目', mode: 'rewrite', content: '   \n  ' }, 400],
        [PAPER, 'machine_init', { title: '题目', mode: 'rewrite', content: text, protectedTerms: Array.from({ length: 51 }, (_, i) => `术语${i}`) }, 400],
        [MACHINE, 'machine_init', { title: '题目', content: text, protectedTerms: ['长'.repeat(51)] }, 400],
        [MACHINE, 'machine_cnki_init', { title: '题目', content: text, checkId: 'not-mine' }, 404],
      ];
      for (const [base, path, fields, status] of cases) {
        const response = await init(base, path, token, fields);
        expect([status, status === 400 ? 413 : status], `${path} ${JSON.stringify(fields).slice(0, 80)}`).toContain(response.statusCode);
        expect(body(response).error.message).toMatch(/[\u4e00-\u9fff]/);
      }
      const tooLong = await call(PAPER, 'reduction', token, { payload: { content: '字'.repeat(2001), mode: 'rewrite' } });
      expect(tooLong.statusCode).toBe(400);
      expect((await call(PAPER, 'word_count', token, { payload: { content: ' ', mode: 'rewrite' } })).statusCode).toBe(400);
    });

    // Not enough balance: 409, nothing charged, still a draft.
    const poor = await paidUser(0);
    const created = await init(PAPER, 'machine_init', poor, { title: '题目', mode: 'rewrite', content: text });
    const id = body<Task>(created).result.id;
    const refused = await call(PAPER, 'machine_submit', poor, { payload: { id } });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await ledger(id)).toEqual([]);
    // A smart record is not submitted through paper_machine_api (and not found there).
    const smart = body<Task>(await init(MACHINE, 'machine_init', token, { title: '题目', content: text })).result;
    expect((await call(PAPER, 'machine_submit', token, { payload: { id: smart.id } })).statusCode).toBe(404);
    expect((await call(MACHINE, 'machine_cnki_submit', token, { payload: { id: smart.id } })).statusCode).toBe(400);
    expect(await ledger(smart.id)).toEqual([]);
  });

  it('keeps every record to its owner', async () => {
    const owner = await paidUser();
    const draft = await pasteAndSubmit(owner);
    await runJobs(t.runtime);
    const [pair] = (await pairs(owner, draft.id)).records;
    const other = await paidUser();
    await expectNoChange(t.db, async () => {
      const byId: Array<[string, string]> = [
        [PAPER, 'load_by_id'], [PAPER, 'query_content_list'], [PAPER, 'delete'], [PAPER, 'download'], [PAPER, 'submit_check'],
        [MACHINE, 'check_order_id'],
      ];
      for (const [base, path] of byId) expect((await call(base, path, other, { query: { id: draft.id } })).statusCode, path).toBe(404);
      const report = await t.app.inject({ method: 'GET', url: `${MACHINE}/download_report`, query: { id: draft.id }, headers: { authorization: `Bearer ${other}` } });
      expect(report.statusCode).toBe(404);
      for (const path of ['load_content_by_id', 'reload']) expect((await call(PAPER, path, other, { query: { id: pair.id } })).statusCode).toBe(404);
      expect((await call(PAPER, 'accept_content', other, { payload: { id: pair.id, accepted: false } })).statusCode).toBe(404);
      expect((await call(PAPER, 'machine_submit', other, { payload: { id: draft.id } })).statusCode).toBe(404);
      expect(body<{ total: number }>(await call(PAPER, 'query_list', other)).result.total).toBe(0);
    });
    expect(body<{ total: number }>(await call(PAPER, 'query_list', owner, { payload: { mode: 'rewrite' } })).result.total).toBe(1);
    expect(body<{ total: number }>(await call(PAPER, 'query_list', owner, { payload: { mode: 'polish' } })).result.total).toBe(0);
    const deleted = await call(PAPER, 'delete', owner, { query: { id: draft.id } });
    expect(body(deleted).result).toEqual({ id: draft.id, deleted: true });
    expect((await call(PAPER, 'load_by_id', owner, { query: { id: draft.id } })).statusCode).toBe(404);
    // Nothing refunded: the charge stays in the owner's ledger.
    const kept = await t.db.sql<{ kind: string }>('select kind from ledger_entries where user_id = $1 and kind = $2', [await userIdOf(owner), 'charge']);
    expect(kept.length).toBeGreaterThan(0);
    expect(await t.db.sql('select 1 from ledger_entries where user_id = $1 and kind = $2', [await userIdOf(owner), 'refund'])).toEqual([]);
  });

  it('智能降重 and 学术库降重 through machine_api: cnki rewrites only what our check flagged', async () => {
    const token = await paidUser();
    const own = '本文提出的框架在三个公开数据集上进行了系统评估，并讨论了参数选择对结果的影响。';
    const mixed = `${paragraphsOfA[0]}\n${own}`;
    const smart = body<Task>(await init(MACHINE, 'machine_init', token, { title: '智能', content: mixed, protectedTerms: '指纹，哈希' })).result;
    expect(smart).toMatchObject({ mode: 'smart', offline: true, protectedTerms: ['指纹', '哈希'] });
    expect((await call(MACHINE, 'machine_submit', token, { payload: { id: smart.id } })).statusCode).toBe(200);
    const cnki = body<Task>(await init(MACHINE, 'machine_cnki_init', token, { title: '学术库', content: mixed })).result;
    expect(cnki.mode).toBe('cnki');
    const quote = body<{ priceFen: number }>(await call(MACHINE, 'word_count', token, { payload: { content: mixed, mode: 'cnki' } })).result;
    expect(cnki.priceFen).toBe(quote.priceFen);
    expect((await call(MACHINE, 'machine_cnki_submit', token, { payload: { id: cnki.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    const list = body<{ records: Task[] }>(await call(MACHINE, 'query_list', token, { payload: { mode: 'cnki' } })).result.records;
    expect(list.map((r) => r.id)).toEqual([cnki.id]);
    const cnkiPairs = (await pairs(token, cnki.id)).records;
    expect(cnkiPairs[0].rewritten).not.toBe('');
    expect(cnkiPairs[1]).toMatchObject({ rewritten: '', accepted: false, similarityBefore: 0 });
    const smartPairs = (await pairs(token, smart.id)).records;
    expect(smartPairs.every((p) => p.rewritten.includes('（smart-1）'))).toBe(true);
  });

  it('reduction rewrites a short passage at once with no record and no charge', async () => {
    const token = await paidUser();
    const passage = '基于指纹的检测方法先将文本切分为固定长度的字符片段。';
    const answer = await expectNoChange(t.db, () => call(PAPER, 'reduction', token, { payload: { content: passage, mode: 'polish', protectedTerms: ['指纹'] } }));
    expect(answer.statusCode, answer.body).toBe(200);
    const result = body<{ original: string; rewritten: string; offline: boolean; charCount: number }>(answer).result;
    expect(result).toMatchObject({ original: passage, offline: true });
    expect(result.rewritten).toContain('指纹');
    expect(result.rewritten).toContain('手段');
  });

  it('check_machine_submit rewrites the paragraphs a finished check flagged, as a new paid record', async () => {
    const token = await paidUser();
    const own = '本文提出的框架在三个公开数据集上进行了系统评估，并讨论了参数选择对结果的影响。';
    const form = await multipart({ title: '来自查重', content: `${paragraphsOfA[0]}\n${own}` });
    const check = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    expect((await call(PAPER, 'check_machine_submit', token, { payload: { checkId: check.id, mode: 'rewrite' } })).statusCode).toBe(409);
    await post(t.app, '/api/base/check_api/check_submit', { token, payload: { id: check.id } });
    await runJobs(t.runtime);
    const submitted = await call(PAPER, 'check_machine_submit', token, { payload: { checkId: check.id, mode: 'rewrite' } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const record = body<Task>(submitted).result;
    expect(record).toMatchObject({ status: 'queued', source: 'check' });
    expect((await call(PAPER, 'check_machine_submit', token, { payload: { checkId: check.id, mode: 'rewrite' } })).statusCode).toBe(409);
    await runJobs(t.runtime);
    const result = (await pairs(token, record.id)).records;
    expect(result.map((p) => p.rewritten !== '')).toEqual([true, false]);
  });
  it('学术库降重 from a finished check report: nothing pasted again, priced as the rewrite alone, no second 查重', async () => {
    const token = await paidUser();
    const own = '本文提出的框架在三个公开数据集上进行了系统评估，并讨论了参数选择对结果的影响。';
    const text = `${paragraphsOfA[0]}\n${own}`;
    const form = await multipart({ title: '按报告学术库降重', content: text });
    const check = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    await post(t.app, '/api/base/check_api/check_submit', { token, payload: { id: check.id } });
    await runJobs(t.runtime);
    const checksBefore = await t.db.sql('select task_id from checks');

    const answered = await init(MACHINE, 'machine_cnki_init', token, { title: '按报告学术库降重', checkId: check.id });
    expect(answered.statusCode, answered.body).toBe(200);
    const draft = body<Task>(answered).result;
    const rewriteOnly = body<{ priceFen: number }>(await call(PAPER, 'word_count', token, { payload: { content: text, mode: 'rewrite' } })).result.priceFen;
    const withCheck = body<{ priceFen: number }>(await call(MACHINE, 'word_count', token, { payload: { content: text, mode: 'cnki' } })).result.priceFen;
    expect(draft).toMatchObject({ mode: 'cnki', status: 'draft', charCount: countChars(text), priceFen: rewriteOnly });
    expect(draft.priceFen).toBeLessThan(withCheck);

    expect((await call(MACHINE, 'machine_cnki_submit', token, { payload: { id: draft.id } })).statusCode).toBe(200);
    const charged = await t.db.sql<{ amount_fen: number }>("select amount_fen from ledger_entries where task_id = $1 and kind = 'charge'", [draft.id]);
    expect(charged.map((e) => e.amount_fen)).toEqual([-rewriteOnly]);
    await runJobs(t.runtime);
    expect(await t.db.sql('select task_id from checks')).toEqual(checksBefore);
    const result = (await pairs(token, draft.id)).records;
    expect(result.map((p) => p.rewritten !== '')).toEqual([true, false]);
  });

  it('学术库降重 from a check refuses a check that is not the caller’s finished one (404), with nothing pasted', async () => {
    const owner = await paidUser();
    const other = await paidUser();
    const form = await multipart({ title: '未完成的查重', content: paragraphsOfA[0] });
    const check = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${owner}` } }),
    ).result;
    await expectNoChange(t.db, async () => {
      expect((await init(MACHINE, 'machine_cnki_init', owner, { title: '草稿', checkId: check.id })).statusCode).toBe(404);
      expect((await init(MACHINE, 'machine_cnki_init', other, { title: '别人的', checkId: check.id })).statusCode).toBe(404);
      expect((await init(MACHINE, 'machine_cnki_init', owner, { title: '什么都没有' })).statusCode).toBe(400);
    });
  });

  it('check_api check_machine_submit: once the check is done, its flagged paragraphs are queued for rewording and charged', async () => {
    const token = await paidUser();
    const own = '本文提出的框架在三个公开数据集上进行了系统评估，并讨论了参数选择对结果的影响。';
    const form = await multipart({ title: '查重后降重', content: `${paragraphsOfA[0]}\n${own}` });
    const check = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    const submitted = await post(t.app, '/api/base/check_api/check_machine_submit', { token, payload: { id: check.id, mode: 'strong' } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await runJobs(t.runtime);
    const record = body<{ status: string; rewriteStatus: string; rewriteTaskId: string }>(
      await post(t.app, '/api/base/check_api/load_by_id', { token, query: { id: check.id } }),
    ).result;
    expect(record).toMatchObject({ status: 'done', rewriteStatus: 'created' });
    const rewrite = await load(token, record.rewriteTaskId);
    expect(rewrite).toMatchObject({ status: 'done', mode: 'strong', source: 'check' });
    expect((await ledger(rewrite.id)).map((e) => e.kind)).toEqual(['charge']);
    expect((await pairs(token, rewrite.id)).records.map((p) => p.rewritten !== '')).toEqual([true, false]);

    // Without balance for the rewrite, the check still finishes and says the rewrite could not be made.
    const poor = await paidUser(0);
    const second = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${poor}` } }),
    ).result;
    await grant(t.db, await userIdOf(poor), 300);
    expect((await post(t.app, '/api/base/check_api/check_machine_submit', { token: poor, payload: { id: second.id, mode: 'rewrite' } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    const unpaid = body<{ status: string; rewriteStatus: string }>(await post(t.app, '/api/base/check_api/load_by_id', { token: poor, query: { id: second.id } })).result;
    expect(unpaid).toMatchObject({ status: 'done', rewriteStatus: 'unavailable' });
  });
  it('takes an uploaded .docx as well as pasted text, and refuses a file with pasted text', async () => {
    const token = await paidUser();
    const docx = await buildDocx(paragraphsOfA);
    const form = await multipart({ title: '上传的论文', mode: 'polish' }, { name: '论文.docx', data: docx });
    const created = await t.app.inject({ method: 'POST', url: `${PAPER}/machine_init`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
    expect(created.statusCode, created.body).toBe(200);
    const draft = body<Task>(created).result;
    expect(draft).toMatchObject({ status: 'draft', mode: 'polish', charCount: countChars(paragraphsOfA.join('')) });
    expect((await call(PAPER, 'machine_submit', token, { payload: { id: draft.id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    expect((await pairs(token, draft.id)).records.map((p) => p.original)).toEqual(paragraphsOfA);

    const both = await multipart({ title: '二选一', mode: 'rewrite', content: text }, { name: '论文.docx', data: docx });
    const refused = await t.app.inject({ method: 'POST', url: `${PAPER}/machine_init`, payload: both.payload, headers: { ...both.headers, authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).error.message).toContain('二选一');
  });
});

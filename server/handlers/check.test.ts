import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { countChars } from '@common/char-count';
import { buildDocx } from '../engines/text/fixtures/build';
import { runCheck } from '../services/check/run';
import { ReferenceLibrary } from '../services/library/library';
import { bearer, body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { grant } from '../test/fixtures';
import { expectNoChange } from '../test/snapshot';
import { CHECK, get, init, qrSignUp, runJobs, scratchDir } from './check.test-helpers';

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');
const TITLE = '基于指纹的中文文本相似度检测研究';

interface Figures {
  totalRatio: number;
  ratioExcludingSelf: number;
  totalChars: number;
  matchedChars: number;
  sourceCount: number;
  paragraphCount: number;
  suspectParagraphCount: number;
}
interface Record_ {
  id: string;
  title: string;
  author: string;
  status: string;
  progress: number;
  priceFen: number;
  charCount: number;
  freeCheck: boolean;
  sourceType: string;
  fileName: string | null;
  addToLibrary: boolean;
  excludeSelf: boolean;
  figures: Figures | null;
  rewriteMode: string | null;
  rewriteStatus: string;
  rewriteTaskId: string | null;
  error: string | null;
}
interface Report {
  id: string;
  title: string;
  author: string;
  figures: Figures;
  scope: { documents: number; chars: number; collections: Array<{ name: string; kind: string; documents: number; chars: number }> } | null;
  sources: Array<{ id: string; title: string; origin: string; matchedChars: number }>;
  paragraphs: Array<{
    index: number;
    text: string;
    ratio: number;
    sentences: Array<{ start: number; end: number; mark: string; sourceId: string | null }>;
    matches: Array<{ start: number; end: number; sourceId: string; sourceText: string }>;
  }>;
}

describe('check API', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;

  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path });
    await new ReferenceLibrary(t.db).addDocuments([
      { id: 'lib-a', title: '指纹检测方法综述', text: A },
      { id: 'lib-b', title: '城市绿地研究', text: B },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });

  const call = (path: string, token: string, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
    post(t.app, `${CHECK}/${path}`, { token, ...options });
  const record = async (token: string, id: string) => body<Record_>(await call('load_by_id', token, { query: { id } })).result;
  const userIdOf = async (token: string) => body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
  const paidUser = async (fen: number) => {
    const { token } = await signUp(t.app);
    await grant(t.db, await userIdOf(token), fen);
    return token;
  };
  const paste = async (token: string, content: string, title = TITLE, author = '张三') => {
    const response = await init(t.app, token, { title, author, content });
    expect(response.statusCode).toBe(200);
    return body<Record_>(response).result;
  };
  const ledger = (taskId: string) =>
    t.db.sql<{ kind: string; amount_fen: number; note: string }>(
      'select kind, amount_fen, note from ledger_entries where task_id = $1 order by seq',
      [taskId],
    );
  const freeCheckAvailable = async (token: string) =>
    body<{ freeCheckAvailable: boolean }>(
      await t.app.inject({ method: 'GET', url: '/api/base/account_info_api/account', headers: bearer(token) }),
    ).result.freeCheckAvailable;

  it('walks a QR sign-up through upload, free check, job, report, PDF and HTML downloads and delete', async () => {
    const token = await qrSignUp(t.app);
    expect(await freeCheckAvailable(token)).toBe(true);

    const docx = await buildDocx([OWN, A]);
    const created = await init(t.app, token, { title: `  ${TITLE} `, author: '张三' }, { name: '毕业论文终稿.docx', data: docx });
    expect(created.statusCode).toBe(200);
    const draft = body<Record_>(created).result;
    expect(draft).toMatchObject({
      title: TITLE,
      author: '张三',
      status: 'draft',
      progress: 0,
      charCount: countChars(OWN) + countChars(A),
      priceFen: 300,
      freeCheck: true,
      sourceType: 'upload',
      fileName: '毕业论文终稿.docx',
      addToLibrary: false,
      excludeSelf: true,
      figures: null,
      rewriteMode: null,
      rewriteStatus: 'none',
      rewriteTaskId: null,
    });
    expect(await dir.files()).toContain((await import('node:crypto')).createHash('sha256').update(docx).digest('hex'));

    const cost = body(await call('check_cost', token, { payload: { id: draft.id } })).result;
    // Two library documents are a small library: the user hears it before paying.
    expect(cost).toMatchObject({
      priceFen: 300,
      chargeFen: 0,
      balanceFen: 0,
      balanceAfterFen: 0,
      freeCheck: true,
      enough: true,
      warnings: [{ code: 'library_small', message: expect.stringContaining('只收录 2 篇文献') }],
    });

    const submitted = await call('check_submit', token, { payload: { id: draft.id } });
    expect(submitted.statusCode).toBe(200);
    expect(body<Record_>(submitted).result).toMatchObject({ status: 'queued', freeCheck: true });
    expect(await ledger(draft.id)).toEqual([{ kind: 'charge', amount_fen: 0, note: `论文查重：${TITLE}（首次免费）` }]);
    expect(await freeCheckAvailable(token)).toBe(false);

    for (const response of [
      await get(t.app, 'report_paragraphs', token, { id: draft.id }),
      await get(t.app, 'download_report', token, { id: draft.id, format: 'pdf' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(body(response).error.code).toBe('REPORT_NOT_READY');
    }
    const busy = await expectNoChange(t.db, () => call('delete', token, { query: { id: draft.id } }));
    expect(busy.statusCode).toBe(409);
    expect(body(busy).error).toEqual({ code: 'TASK_RUNNING', message: '查重正在进行，请完成后再删除' });

    expect(await runJobs(t.runtime)).toBe(1);
    const done = await record(token, draft.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.figures).toMatchObject({
      totalChars: countChars(OWN) + countChars(A),
      matchedChars: countChars(A),
      sourceCount: 1,
      paragraphCount: 2,
      suspectParagraphCount: 1,
    });

    const reportResponse = await get(t.app, 'report_paragraphs', token, { id: draft.id });
    expect(reportResponse.statusCode).toBe(200);
    const report = body<Report>(reportResponse).result;
    expect(report).toMatchObject({ id: draft.id, title: TITLE, author: '张三', figures: done.figures });
    expect(report.sources).toEqual([
      {
        id: 'lib-a',
        title: '指纹检测方法综述',
        origin: 'library',
        author: null,
        source: null,
        year: null,
        url: null,
        matchedChars: countChars(A),
        ratio: expect.any(Number),
      },
    ]);
    const libraryChars = countChars(A) + countChars(B);
    expect(report.scope).toEqual({
      documents: 2,
      chars: libraryChars,
      collections: [{ name: '墨研公共比对库', kind: 'import', documents: 2, chars: libraryChars }],
    });
    const [own, copied] = report.paragraphs;
    expect(own).toMatchObject({ text: OWN, ratio: 0, matches: [] });
    expect(own.sentences.every((s) => s.mark === 'none')).toBe(true);
    expect(copied).toMatchObject({ text: A, ratio: 1 });
    expect(copied.sentences.every((s) => s.mark === 'red' && s.sourceId === 'lib-a')).toBe(true);
    expect(copied.matches.map((m) => m.sourceText).join('')).toBe(A);

    const pdf = await get(t.app, 'download_report', token, { id: draft.id, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="________________-____.pdf"; filename*=UTF-8''${encodeURIComponent(`${TITLE}-查重报告.pdf`)}`,
    );
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, '');
    expect(text).toContain(TITLE);
    expect(text).toContain('总文字复制比');
    expect(text).toContain('指纹检测方法综述');
    expect(text).toContain('检测范围');
    expect(text).toContain(`墨研公共比对库2篇，${libraryChars.toLocaleString('zh-CN')}字`);

    const html = await get(t.app, 'download_report', token, { id: draft.id, format: 'html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${TITLE}-查重报告.html`)}`);
    expect(html.body).toContain(`<title>${TITLE} - 查重报告</title>`);
    expect(html.body).toMatch(/<span class="red" title="\[1\] 指纹检测方法综述">/);
    expect(html.body).toContain(`<tr><td>墨研公共比对库</td><td>2 篇，${libraryChars.toLocaleString('zh-CN')} 字</td></tr>`);

    const deleted = await call('delete', token, { query: { id: draft.id } });
    expect(body(deleted).result).toEqual({ id: draft.id, deleted: true });
    expect((await call('load_by_id', token, { query: { id: draft.id } })).statusCode).toBe(404);
    expect((await get(t.app, 'report_paragraphs', token, { id: draft.id })).statusCode).toBe(404);
    expect(await dir.files()).toEqual([]);
    expect(await ledger(draft.id)).toEqual([]);
  });

  it('charges the balance once: a second submit is 409 and charges nothing', async () => {
    const token = await paidUser(1000);
    const draft = await paste(token, `${OWN}\n${B}`);
    expect(draft.freeCheck).toBe(false);
    expect(body(await call('check_cost', token, { payload: { id: draft.id } })).result).toMatchObject({
      priceFen: 300,
      chargeFen: 300,
      purpose: `论文查重：${TITLE}`,
      balanceFen: 1000,
      balanceAfterFen: 700,
      freeCheck: false,
      enough: true,
      warnings: [expect.objectContaining({ code: 'library_small' })],
    });
    expect((await call('check_submit', token, { payload: { id: draft.id } })).statusCode).toBe(200);
    const again = await expectNoChange(t.db, () => call('check_submit', token, { payload: { id: draft.id } }));
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toEqual({ code: 'TASK_ALREADY_SUBMITTED', message: '该论文已提交查重，请勿重复提交' });
    expect(await ledger(draft.id)).toEqual([{ kind: 'charge', amount_fen: -300, note: `论文查重：${TITLE}` }]);
    expect(body(await call('check_cost', token, { payload: { id: draft.id } })).result).toMatchObject({
      priceFen: 300,
      balanceFen: 700,
      balanceAfterFen: null,
      freeCheck: false,
      enough: true,
      warnings: [],
    });
    await runJobs(t.runtime);
  });

  it('refuses a submit the balance cannot pay with 409 INSUFFICIENT_BALANCE and leaves the draft as it was', async () => {
    const token = await paidUser(299);
    const draft = await paste(token, OWN);
    expect(body(await call('check_cost', token, { payload: { id: draft.id } })).result).toMatchObject({ enough: false, balanceFen: 299 });
    const refused = await expectNoChange(t.db, () =>
      call('check_submit', token, { payload: { id: draft.id, addToLibrary: true, excludeSelf: false } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error).toEqual({ code: 'INSUFFICIENT_BALANCE', message: '余额不足，请先充值' });
    expect(await record(token, draft.id)).toMatchObject({ status: 'draft', addToLibrary: false, excludeSelf: true });
  });

  it('answers 404 for another user’s check and for unknown ids on every call, changing nothing', async () => {
    const owner = await paidUser(1000);
    const stranger = await paidUser(1000);
    const draft = await paste(owner, OWN);
    for (const id of [draft.id, 'no-such-check']) {
      const responses = await expectNoChange(t.db, async () => [
        await call('load_by_id', stranger, { query: { id } }),
        await call('check_cost', stranger, { payload: { id } }),
        await call('check_submit', stranger, { payload: { id } }),
        await call('check_machine_submit', stranger, { payload: { id, mode: 'rewrite' } }),
        await call('update_title', stranger, { query: { id }, payload: { title: '改名', author: '' } }),
        await call('delete', stranger, { query: { id } }),
        await get(t.app, 'report_paragraphs', stranger, { id }),
        await get(t.app, 'download_report', stranger, { id, format: 'html' }),
      ]);
      for (const response of responses) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: '记录不存在' } });
      }
    }
    const list = body<{ records: Record_[] }>(await call('query_list', stranger)).result;
    expect(list.records.map((r) => r.id)).not.toContain(draft.id);
    expect(await record(owner, draft.id)).toMatchObject({ status: 'draft' });
  });

  it('adds a submission to the library only when asked, never matches it against itself, and honours excludeSelf', async () => {
    const author = await paidUser(10_000);
    const other = await paidUser(10_000);
    const library = new ReferenceLibrary(t.db);

    const kept = await paste(author, OWN, '不入库的论文');
    await call('check_submit', author, { payload: { id: kept.id } });
    const added = await paste(author, OWN, '入库的论文');
    await call('check_submit', author, { payload: { id: added.id, addToLibrary: true } });
    expect(await runJobs(t.runtime)).toBe(2);
    expect(await library.loadDocuments([kept.id])).toEqual([]);
    const [entry] = await library.loadDocuments([added.id]);
    expect(entry).toMatchObject({ title: '入库的论文', origin: 'submission', ownerId: await userIdOf(author), text: OWN });
    expect((await record(author, added.id)).figures).toMatchObject({ matchedChars: 0, sourceCount: 0 });
    await t.db.sql('update checks set exclude_self = false where task_id = $1', [added.id]);
    expect(await runCheck(t.runtime, added.id)).toMatchObject({ matchedChars: 0, sourceCount: 0 });

    const reportOf = async (token: string, excludeSelf?: boolean) => {
      const draft = await paste(token, OWN, '再次检测');
      await call('check_submit', token, { payload: { id: draft.id, ...(excludeSelf === undefined ? {} : { excludeSelf }) } });
      await runJobs(t.runtime);
      return body<Report>(await get(t.app, 'report_paragraphs', token, { id: draft.id })).result;
    };
    const selfExcluded = await reportOf(author);
    expect(selfExcluded.sources).toEqual([]);
    expect(selfExcluded.figures.totalRatio).toBe(0);

    const selfIncluded = await reportOf(author, false);
    expect(selfIncluded.sources.map((s) => [s.id, s.origin])).toEqual([[added.id, 'own']]);
    expect(selfIncluded.figures.totalRatio).toBe(1);
    expect(selfIncluded.figures.ratioExcludingSelf).toBe(0);

    // Another user's check finds the paper in this instance's 本校库, without its author.
    const byOther = await reportOf(other);
    expect(byOther.sources).toEqual([
      { id: added.id, title: '入库的论文', origin: 'submission', author: null, source: null, year: null, url: null, matchedChars: countChars(OWN), ratio: 1 },
    ]);
    expect(byOther.scope?.collections.find((c) => c.kind === 'submission')).toEqual({
      name: '本校库',
      kind: 'submission',
      documents: 1,
      chars: countChars(OWN),
    });

    await call('update_title', author, { query: { id: added.id }, payload: { title: '改名后的论文', author: '' } });
    expect((await library.loadDocuments([added.id]))[0].title).toBe('改名后的论文');
    expect((await call('delete', author, { query: { id: added.id } })).statusCode).toBe(200);
    expect(await library.loadDocuments([added.id])).toEqual([]);
  });

  it('check-then-reword: the check runs, then its flagged paragraphs are queued for rewording and charged once', async () => {
    const token = await paidUser(1000);
    const draft = await paste(token, `${OWN}\n${A}`);
    const queued = await call('check_machine_submit', token, { payload: { id: draft.id, mode: 'strong' } });
    expect(body<Record_>(queued).result).toMatchObject({
      status: 'queued',
      rewriteMode: 'strong',
      rewriteStatus: 'waiting',
      rewriteTaskId: null,
    });
    expect(await ledger(draft.id)).toHaveLength(1);
    await runJobs(t.runtime);
    const done = await record(token, draft.id);
    expect(done).toMatchObject({ status: 'done', rewriteMode: 'strong', rewriteStatus: 'created' });
    const tasks = await t.db.sql<{ id: string; kind: string }>('select id, kind from tasks where user_id = $1 order by kind', [await userIdOf(token)]);
    expect(tasks.map((r) => r.kind)).toEqual(['check', 'rewrite']);
    expect(done.rewriteTaskId).toBe(tasks[1].id);
    // Charged when queued, at the offline engine's price: no model here (what the rewording job then does is
    // server/handlers/rewrite.test.ts's business).
    expect((await ledger(tasks[1].id))[0]).toMatchObject({ kind: 'charge', amount_fen: -300 });
  });

  it('lists the caller’s checks newest first with paging, status and a keyword in title or author', async () => {
    const token = await paidUser(10_000);
    const titles = ['深度学习综述', '城市绿地规划', '100%_真实标题', '教育公平研究'];
    for (const [i, title] of titles.entries()) await paste(token, OWN, title, i === 3 ? '李四' : '王五');
    const first = await paste(token, OWN, '已提交的论文', '赵六');
    await call('check_submit', token, { payload: { id: first.id } });

    const list = async (query: Record<string, number>, filter?: Record<string, string>) =>
      body<{ records: Record_[]; total: number; pageNo: number; pageSize: number }>(
        await call('query_list', token, { query, payload: filter }),
      ).result;
    const all = await list({ pageSize: 10 });
    expect(all.total).toBe(5);
    expect(all.records.map((r) => r.title)).toEqual(['已提交的论文', ...titles.slice().reverse()]);
    expect(all.records[0]).toMatchObject({ status: 'queued', progress: 0 });
    const second = await list({ pageNo: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5, pageNo: 2, pageSize: 2 });
    expect(second.records.map((r) => r.title)).toEqual([titles[2], titles[1]]);
    expect((await list({}, { status: 'queued' })).records.map((r) => r.id)).toEqual([first.id]);
    expect((await list({}, { keyword: '李四' })).records.map((r) => r.title)).toEqual(['教育公平研究']);
    expect((await list({}, { keyword: '绿地' })).records.map((r) => r.title)).toEqual(['城市绿地规划']);
    expect((await list({}, { keyword: '%_' })).records.map((r) => r.title)).toEqual(['100%_真实标题']);
    expect((await list({}, { keyword: '%', status: 'done' })).total).toBe(0);
    await runJobs(t.runtime);
  });

  it('renames a check (title and author, trimmed) and refuses a blank title', async () => {
    const token = await paidUser(0);
    const draft = await paste(token, OWN);
    const renamed = await call('update_title', token, { query: { id: draft.id }, payload: { title: ' 新题目 ', author: ' 李四 ' } });
    expect(body<Record_>(renamed).result).toMatchObject({ id: draft.id, title: '新题目', author: '李四' });
    const blank = await expectNoChange(t.db, () =>
      call('update_title', token, { query: { id: draft.id }, payload: { title: '   ', author: '' } }),
    );
    expect(blank.statusCode).toBe(400);
    expect(body(blank).error).toEqual({ code: 'VALIDATION_FAILED', message: '请求参数不正确：请填写论文题目' });
  });

  it('counts characters by the checkers’ rule and quotes the price', async () => {
    const token = await paidUser(0);
    const counted = await call('word_count', token, { payload: { content: '深度学习 Lyapunov 2011，好。' } });
    expect(body(counted).result).toEqual({ charCount: 9, priceFen: 300 });
    const long = '字'.repeat(4001);
    expect(body(await call('word_count', token, { payload: { content: long } })).result).toEqual({ charCount: 4001, priceFen: 500 });
  });
});

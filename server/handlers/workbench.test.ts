import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { buildDocx } from '../engines/text/fixtures/build';
import { ReferenceLibrary } from '../services/library/library';
import { bearer, body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { grant } from '../test/fixtures';
import { expectNoChange } from '../test/snapshot';
import { CHECK, get, init, runJobs, scratchDir } from './check.test-helpers';

// 改写工作台 through the API on a real check: every edit re-checked against the check's sources and saved as a
// version, undo and redo, a second device, suggestions, the .docx, and a new check of the edited paper.

const A = fixture('source-a.txt');
const SENT = A.match(/[^。]+。/g)!;
const OWN = [
  '本研究以某高校三届毕业生的学位论文为样本，统计了各学科的引用格式差异。',
  '问卷共发放三百二十份，回收有效问卷二百九十一份，有效率约为百分之九十一。',
  '访谈对象包括五位指导教师和十二名本科生，每次访谈持续四十分钟左右。',
  '需要说明的是，样本只来自一所学校，结论能否推广到其他院校仍有待检验。',
];
const PARAGRAPHS = [`${OWN[0]}${SENT[1]}`, `${OWN[1]}${OWN[2]}`, `${SENT[3]}${OWN[3]}`];
const PAPER = ['第一章 绪论', ...PARAGRAPHS].join('\n');
/** SENT[1] said in the student's own words: nothing of 13 characters left from the source. */
const REWORDED = '查重系统会把学生的论文同库里的资料逐段对照，标出文字完全一样或差不多的地方。';

interface Sentence {
  start: number;
  end: number;
  mark: string;
  sourceId: string | null;
}
interface Paragraph {
  index: number;
  text: string;
  edited: boolean;
  charCount: number;
  matchedChars: number;
  ratio: number;
  sentences: Sentence[];
}
interface Estimate {
  totalRatio: number;
  totalChars: number;
  matchedChars: number;
  originalRatio: number;
  recheckedParagraphs: number;
  sourceCount: number;
}
interface Workbench {
  checkId: string;
  revision: number;
  historyLength: number;
  updatedAt: string | null;
  paragraphs: Paragraph[];
  estimate: Estimate;
  docxInPlace: boolean;
  rechecks: Array<{ id: string; status: string; totalRatio: number | null; estimatedRatio: number }>;
}
interface Update {
  revision: number;
  historyLength: number;
  paragraphs: Paragraph[];
  estimate: Estimate;
  aigc: Array<{ index: number; sentences: Array<{ score: number }> }>;
}

describe('改写工作台 API', () => {
  let t: TestApp;
  let dir: Awaited<ReturnType<typeof scratchDir>>;

  beforeAll(async () => {
    dir = await scratchDir();
    t = await createTestApp({ DATA_DIR: dir.path });
    await new ReferenceLibrary(t.db).addDocuments([{ id: 'lib-a', title: '指纹检测方法综述', text: A }]);
  });
  afterAll(async () => {
    await t.close();
    await dir.remove();
  });

  const call = (path: string, token: string, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
    post(t.app, `${CHECK}/${path}`, { token, ...options });
  const userIdOf = async (token: string) => body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
  const login = async (username: string, password: string) =>
    body<{ access_token: string }>(await post(t.app, '/api/base/login_api/f/login', { query: { username, password } })).result.access_token;

  /** A paid user's finished check of `content` (or of a .docx of its lines). */
  async function finishedCheck(token: string, options: { docx?: boolean } = {}) {
    await grant(t.db, await userIdOf(token), 100_000);
    const created = options.docx
      ? await init(t.app, token, { title: '指纹查重研究' }, { name: '论文.docx', data: await buildDocx(PAPER.split('\n')) })
      : await init(t.app, token, { title: '指纹查重研究', content: PAPER });
    const id = body<{ id: string }>(created).result.id;
    expect((await call('check_submit', token, { payload: { id } })).statusCode).toBe(200);
    await runJobs(t.runtime);
    return id;
  }
  const report = async (token: string, id: string) =>
    body<{ figures: { totalRatio: number; totalChars: number; matchedChars: number }; paragraphs: Paragraph[] }>(await get(t.app, 'report_paragraphs', token, { id })).result;
  const load = async (token: string, id: string) => body<Workbench>(await call('workbench_load', token, { query: { id } })).result;
  const edit = async (token: string, id: string, index: number, text: string, extra: Record<string, unknown> = {}) => {
    const response = await call('workbench_recheck', token, { payload: { id, index, text, ...extra } });
    expect(response.statusCode, response.body).toBe(200);
    return body<Update>(response).result;
  };
  const marksOf = (p: Paragraph) => p.sentences.map((s) => s.mark);

  it('re-checks an edited sentence against the check’s sources, saves it and estimates the whole ratio', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    const original = await report(token, id);
    expect(marksOf(original.paragraphs[0])).toEqual(['none', 'red']);

    const opened = await load(token, id);
    expect(opened).toMatchObject({ checkId: id, revision: 0, historyLength: 0, updatedAt: null, paragraphs: [], docxInPlace: false, rechecks: [] });
    expect(opened.estimate).toMatchObject({ totalRatio: original.figures.totalRatio, recheckedParagraphs: 0, sourceCount: 1 });

    const text = `${OWN[0]}${REWORDED}`;
    const update = await edit(token, id, 0, text, { baseRevision: 0 });
    expect(update.revision).toBe(1);
    const edited = update.paragraphs.find((p) => p.index === 0)!;
    expect(edited).toMatchObject({ text, edited: true, matchedChars: 0, ratio: 0 });
    expect(marksOf(edited)).toEqual(['none', 'none']);
    // Its neighbour was re-checked too and is unchanged.
    expect(update.paragraphs.find((p) => p.index === 1)).toMatchObject({ edited: false, matchedChars: 0 });
    const lower = original.figures.matchedChars - original.paragraphs[0].matchedChars;
    expect(update.estimate).toMatchObject({ matchedChars: lower, totalChars: original.figures.totalChars - original.paragraphs[0].charCount + edited.charCount });
    expect(update.estimate.totalRatio).toBeLessThan(original.figures.totalRatio);
    expect(update.aigc).toEqual([]);

    // Reopened (a reload): the same version.
    const reopened = await load(token, id);
    expect(reopened.revision).toBe(1);
    expect(reopened.paragraphs.find((p) => p.index === 0)).toMatchObject({ text, edited: true });
    expect(reopened.estimate).toEqual(update.estimate);
  });

  it('keeps typing in one paragraph as one version, undoes and redoes, and a second device sees the same', async () => {
    const { token, username, password } = await signUp(t.app);
    const id = await finishedCheck(token);
    const first = await edit(token, id, 0, `${OWN[0]}${REWORDED.slice(0, 10)}`, { baseRevision: 0 });
    const typed = await edit(token, id, 0, `${OWN[0]}${REWORDED}`, { baseRevision: first.revision });
    expect(typed).toMatchObject({ revision: 1, historyLength: 1 });
    const taken = await edit(token, id, 2, `${OWN[2]}${OWN[3]}`, { kind: 'suggestion', baseRevision: 1 });
    expect(taken).toMatchObject({ revision: 2, historyLength: 2 });

    const phone = await login(username, password);
    const seen = await load(phone, id);
    expect(seen.revision).toBe(2);
    expect(seen.paragraphs.filter((p) => p.edited).map((p) => p.index)).toEqual([0, 2]);

    const undone = body<Workbench>(await call('workbench_undo', phone, { query: { id } })).result;
    expect(undone).toMatchObject({ revision: 1, historyLength: 2 });
    expect(undone.paragraphs.filter((p) => p.edited).map((p) => p.index)).toEqual([0]);
    const again = body<Workbench>(await call('workbench_undo', token, { query: { id } })).result;
    expect(again).toMatchObject({ revision: 0, paragraphs: [] });
    expect(again.estimate.totalRatio).toBe(again.estimate.originalRatio);
    const nothing = await call('workbench_undo', token, { query: { id } });
    expect(nothing.statusCode).toBe(409);
    expect(body(nothing).error.code).toBe('NOTHING_TO_UNDO');

    const redone = body<Workbench>(await call('workbench_redo', token, { query: { id } })).result;
    expect(redone.revision).toBe(1);
    expect(redone.paragraphs.find((p) => p.index === 0)?.text).toBe(`${OWN[0]}${REWORDED}`);
    // A new edit after an undo drops what could have been redone.
    const branched = await edit(token, id, 1, OWN[1], { baseRevision: 1 });
    expect(branched).toMatchObject({ revision: 2, historyLength: 2 });
    const none = await call('workbench_redo', token, { query: { id } });
    expect(body(none).error.code).toBe('NOTHING_TO_REDO');
    // Typing on another device (a stale baseRevision) never merges into the version it did not see.
    const stale = await edit(phone, id, 1, `${OWN[1]}${OWN[2]}`, { baseRevision: 0 });
    expect(stale.revision).toBe(3);
  });

  it('scores AI traces of the edited paragraph when asked, and of the whole version', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    const update = await edit(token, id, 1, OWN[1], { withAigc: true });
    expect(update.aigc).toEqual([{ index: 1, score: expect.any(Number), chars: expect.any(Number), aiChars: expect.any(Number), sentences: [expect.objectContaining({ start: 0, machine: expect.any(Boolean) })] }]);
    const traces = body<{ aiCharRatio: number; paragraphs: Array<{ index: number; sentences: unknown[] }> }>(await call('workbench_aigc', token, { query: { id } })).result;
    expect(traces.paragraphs.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(traces.paragraphs[1].sentences).toEqual(update.aigc[0].sentences);
  });

  it('offers offline suggestions for a sentence, each re-checked and scored, without saving anything', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    const paragraph = PARAGRAPHS[2];
    const end = [...SENT[3]].length;
    const response = await expectNoChange(t.db, () => call('workbench_suggest', token, { payload: { id, index: 2, paragraph, start: 0, end } }));
    expect(response.statusCode, response.body).toBe(200);
    const result = body<{ sentence: string; mark: string; suggestions: Array<{ text: string; source: string; mark: string; aiProbability: number }>; modelQuote: null }>(response).result;
    expect(result).toMatchObject({ sentence: SENT[3], mark: 'red', modelQuote: null });
    expect(result.suggestions.length).toBeGreaterThan(0);
    for (const s of result.suggestions) {
      expect(s.source).toBe('offline');
      expect(s.text).not.toBe(SENT[3]);
      expect(s.aiProbability).toBeGreaterThanOrEqual(0);
    }
    const model = await expectNoChange(t.db, () => call('workbench_suggest_model', token, { payload: { id, index: 2, paragraph, start: 0, end, priceFen: 10 } }));
    expect(model.statusCode).toBe(503);
    expect(body(model).error.code).toBe('MODEL_NOT_CONFIGURED');
    // Its quote says the same before any confirmation is shown.
    const quote = await expectNoChange(t.db, () =>
      post(t.app, '/api/base/account_info_api/charge_quote', { token, payload: { operation: 'checkWorkbenchSuggestModel', id, index: 2, paragraph, start: 0, end } }),
    );
    expect(quote.statusCode).toBe(503);
    expect(body(quote).error.code).toBe('MODEL_NOT_CONFIGURED');
    const bad = await call('workbench_suggest', token, { payload: { id, index: 2, paragraph, start: 5, end: 500 } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error.message).toContain('句子的位置超出了段落');
  });

  it('refuses bad edits with a Chinese message and changes nothing', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    for (const [payload, message] of [
      [{ id, index: 0, text: '第一行\n第二行' }, '段落中不能换行'],
      [{ id, index: 99, text: '文字' }, '第 100 段不存在'],
      [{ id, index: 0, text: '字'.repeat(6001) }, '一段不能超过 6000 字'],
    ] as const) {
      const response = await expectNoChange(t.db, () => call('workbench_recheck', token, { payload }));
      expect(response.statusCode).toBe(400);
      expect(body(response).error.message).toContain(message);
    }
    const { token: draftOwner } = await signUp(t.app);
    const draft = body<{ id: string }>(await init(t.app, draftOwner, { title: '草稿', content: PAPER })).result.id;
    const early = await call('workbench_load', draftOwner, { query: { id: draft } });
    expect(early.statusCode).toBe(409);
    expect(body(early).error.code).toBe('REPORT_NOT_READY');
  });

  it('is its owner’s only: another user gets 404 on every call', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    const { token: other } = await signUp(t.app);
    const calls = [
      call('workbench_load', other, { query: { id } }),
      call('workbench_recheck', other, { payload: { id, index: 0, text: OWN[0] } }),
      call('workbench_undo', other, { query: { id } }),
      call('workbench_redo', other, { query: { id } }),
      call('workbench_suggest', other, { payload: { id, index: 0, paragraph: PARAGRAPHS[0], start: 0, end: 4 } }),
      call('workbench_aigc', other, { query: { id } }),
      call('workbench_check_cost', other, { query: { id } }),
      call('workbench_submit_check', other, { query: { id }, payload: { priceFen: 300 } }),
      get(t.app, 'workbench_download', other, { id }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
  });

  it('exports the student’s own .docx with the edit in place, clean and as Word revisions', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token, { docx: true });
    expect((await load(token, id)).docxInPlace).toBe(true);
    await edit(token, id, 0, `${OWN[0]}${REWORDED}`);
    const documentXml = async (marked: boolean) => {
      const response = await t.app.inject({ method: 'GET', url: `${CHECK}/workbench_download`, query: { id, marked: String(marked) }, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(encodeURIComponent(marked ? '指纹查重研究-修改稿（标出改动）.docx' : '指纹查重研究-修改稿.docx'));
      return (await JSZip.loadAsync(response.rawPayload)).file('word/document.xml')!.async('string');
    };
    const clean = await documentXml(false);
    expect(clean).toContain(REWORDED);
    expect(clean).not.toContain(SENT[1]);
    expect(clean).toContain(SENT[3]);
    const marked = await documentXml(true);
    expect(marked).toMatch(/<w:ins [^>]*w:author="墨研改写工作台"/);
    expect(marked).toMatch(/<w:del [^>]*w:author="墨研改写工作台"/);
  });

  it('runs a new check of the edited paper at the price shown, whose ratio is the estimate, and links back', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    const nothing = await call('workbench_submit_check', token, { query: { id }, payload: { priceFen: 300 } });
    expect(body(nothing).error.code).toBe('NOTHING_EDITED');
    const update = await edit(token, id, 0, `${OWN[0]}${REWORDED}`);
    const cost = body<{ priceFen: number; balanceFen: number; enough: boolean; freeCheck: boolean; charCount: number }>(await call('workbench_check_cost', token, { query: { id } })).result;
    expect(cost).toMatchObject({ priceFen: 300, balanceFen: 100_000 - 300, enough: true, freeCheck: false, charCount: update.estimate.totalChars });
    const wrongPrice = await expectNoChange(t.db, () => call('workbench_submit_check', token, { query: { id }, payload: { priceFen: 1 } }));
    expect(body(wrongPrice).error.code).toBe('PRICE_CHANGED');

    const submitted = body<{ checkId: string; priceFen: number; estimatedRatio: number }>(await call('workbench_submit_check', token, { query: { id }, payload: { priceFen: cost.priceFen } })).result;
    expect(submitted).toMatchObject({ priceFen: 300, estimatedRatio: update.estimate.totalRatio });
    const balance = body<{ balanceFen: number }>(await t.app.inject({ method: 'GET', url: '/api/base/account_info_api/account', headers: bearer(token) })).result.balanceFen;
    expect(balance).toBe(100_000 - 600);
    await runJobs(t.runtime);
    const record = body<{ editedFromId: string; figures: { totalRatio: number } }>(await call('load_by_id', token, { query: { id: submitted.checkId } })).result;
    expect(record.editedFromId).toBe(id);
    expect(record.figures.totalRatio).toBe(update.estimate.totalRatio);
    expect((await load(token, id)).rechecks).toEqual([
      { id: submitted.checkId, status: 'done', totalRatio: update.estimate.totalRatio, estimatedRatio: update.estimate.totalRatio, createdAt: expect.any(String) },
    ]);
  });

  it('continues an automatic rewrite of the check: its rewrites become undoable versions, once', async () => {
    const { token } = await signUp(t.app);
    const id = await finishedCheck(token);
    const started = await post(t.app, '/api/base/paper_machine_api/check_machine_submit', { token, payload: { checkId: id, mode: 'rewrite' } });
    expect(started.statusCode, started.body).toBe(200);
    const rewriteId = body<{ id: string }>(started).result.id;
    await runJobs(t.runtime);
    const opened = body<{ checkId: string; revision: number }>(await call('workbench_from_rewrite', token, { query: { id: rewriteId } })).result;
    expect(opened.checkId).toBe(id);
    expect(opened.revision).toBeGreaterThan(0);
    const workbench = await load(token, id);
    expect(workbench.paragraphs.filter((p) => p.edited).length).toBe(opened.revision);
    const twice = body<{ revision: number }>(await call('workbench_from_rewrite', token, { query: { id: rewriteId } })).result;
    expect(twice.revision).toBe(opened.revision);
  });

  it('limits re-checks per user (429)', async () => {
    const limited = await createTestApp({ DATA_DIR: dir.path, WORKBENCH_RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const { token } = await signUp(limited.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await post(limited.app, `${CHECK}/workbench_recheck`, { token, payload: { id: 'x', index: 0, text: '文字' } })).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
    // A second app (its own database and migrations) takes most of a minute on a busy machine.
  }, 180_000);
});

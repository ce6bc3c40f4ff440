import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../engines/text/fixtures/build';
import { storePaper } from '../services/paper/seed';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { grant } from '../test/fixtures';
import { expectNoChange } from '../test/snapshot';
import { multipart, runJobs } from './check.test-helpers';

// The slide-deck APIs (ai_ppt_info_api, ai_sys_config_api) on the real app, job runner, worker pool and
// slide engine: the offline paper path without a model, the topic and refinement paths against the fake
// model, bad input refused in Chinese with nothing stored or charged, and other users' decks 404.

const PPT = '/api/base/ai_ppt_info_api';
const CONFIG = '/api/base/ai_sys_config_api';
const PAPER = readFileSync(new URL('../engines/slides/fixtures/paper.txt', import.meta.url), 'utf8');

interface Slide {
  index: number;
  layout: string;
  title: string;
  bullets: string[];
  notes: string;
  table?: { header: string[]; rows: string[][] };
}
interface Deck {
  id: string;
  title: string;
  status: string;
  progress: number;
  priceFen: number;
  offline: boolean;
  error: string | null;
  templateId: string;
  scene: string;
  pageCount: number;
  source: string;
  topic: string | null;
  slideCount: number;
  slides: Slide[];
  outlineBy: string;
  renderedSlideCount: number | null;
}

const base = { templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10 };

function helpers(get: () => TestApp) {
  const call = (path: string, token: string | undefined, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
    post(get().app, path.startsWith('/') ? path : `${PPT}/${path}`, { token, ...options });
  const userIdOf = async (token: string) => body<{ id: string }>(await post(get().app, '/api/base/login_api/current', { token })).result.id;
  const user = async (fen = 0) => {
    const { token } = await signUp(get().app);
    if (fen) await grant(get().db, await userIdOf(token), fen);
    return token;
  };
  const save = (token: string, payload: Record<string, unknown>) => call('save_or_update', token, { payload });
  const upload = async (token: string, fields: Record<string, string>, file?: { name: string; data: Buffer }) => {
    const { payload, headers } = await multipart(fields, file);
    return get().app.inject({ method: 'POST', url: `${PPT}/paper_init`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const ledger = (taskId: string) => get().db.sql<{ kind: string; amount_fen: number }>('select kind, amount_fen from ledger_entries where task_id = $1 order by seq', [taskId]);
  return { call, user, userIdOf, save, upload, ledger };
}

describe('slide decks without a model', () => {
  let t: TestApp;
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp({ LLM_BASE_URL: undefined, LLM_MODEL: undefined });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists six or more templates with previews and palettes', async () => {
    const token = await h.user();
    const res = await h.call('get_template_list', token);
    expect(res.statusCode).toBe(200);
    const list = body<Array<{ id: string; name: string; previewUrl: string; palette: string[] }>>(res).result;
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const tpl of list) {
      expect(tpl.previewUrl).toBe(`/ppt-templates/${tpl.id}.svg`);
      expect(tpl.palette.every((c) => /^#[0-9A-F]{6}$/i.test(c))).toBe(true);
    }
    expect((await h.call('get_template_list', undefined)).statusCode).toBe(401);
  });

  it('reads the scenes and page counts from the database without signing in', async () => {
    const res = await h.call(`${CONFIG}/f/load_all_by_entity`, undefined, { payload: { entity: 'ppt_scene' } });
    expect(res.statusCode).toBe(200);
    const scenes = body<Array<{ id: string; key: string; label: string; sort: number }>>(res).result;
    expect(scenes.map((s) => s.label)).toEqual(['毕业答辩', '开题报告', '课程汇报', '学术会议']);
    const one = await h.call(`${CONFIG}/f/load_by_id`, undefined, { query: { id: scenes[1].id } });
    expect(body<{ key: string }>(one).result.key).toBe('proposal');
    expect((await h.call(`${CONFIG}/f/load_by_id`, undefined, { query: { id: 'nope' } })).statusCode).toBe(404);
    const pages = body<Array<{ value: string }>>(await h.call(`${CONFIG}/f/load_all_by_entity`, undefined, { payload: { entity: 'ppt_page_count' } })).result;
    expect(pages.map((p) => p.value)).toContain('15');
    const bad = await h.call(`${CONFIG}/f/load_all_by_entity`, undefined, { payload: { entity: 'users' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses the topic path with 503 MODEL_NOT_CONFIGURED and stores nothing', async () => {
    const token = await h.user();
    const res = await expectNoChange(t.db, () => h.save(token, { ...base, title: '毕业答辩', source: 'topic', topic: '中文文本相似度研究' }));
    expect(res.statusCode).toBe(503);
    expect(body(res).error.code).toBe('MODEL_NOT_CONFIGURED');
  });

  it('drafts a deck from a paper offline, labelled offline', async () => {
    const token = await h.user();
    const res = await h.save(token, { ...base, title: '我的毕业答辩', source: 'paper', paperText: PAPER, cover: { speaker: '张三', supervisor: '李老师' } });
    expect(res.statusCode).toBe(200);
    const deck = body<Deck>(res).result;
    expect(deck).toMatchObject({ status: 'draft', offline: true, outlineBy: 'offline', source: 'paper', topic: null, priceFen: 990, renderedSlideCount: null });
    expect(deck.slides[0]).toMatchObject({ index: 0, layout: 'cover', title: '我的毕业答辩' });
    expect(deck.slides[0].bullets).toContain('汇报人：张三');
    expect(deck.slides[1].bullets).toEqual(['绪论', '模型与方法', '实验与分析', '结论与展望']);
    expect(deck.slideCount).toBe(deck.slides.length);
    expect(deck.slides.length).toBeLessThanOrEqual(10);
    expect(deck.slides.every((s) => s.notes.length > 0)).toBe(true);
  });

  it('drafts a deck from an uploaded .docx (title from the paper)', async () => {
    const token = await h.user();
    const docx = await buildDocx(PAPER.split('\n').filter((l) => l.trim()));
    const res = await h.upload(token, { templateId: 'tpl-ink-jade', scene: 'proposal', pageCount: '8', speaker: '李雷' }, { name: '论文.docx', data: docx });
    expect(res.statusCode).toBe(200);
    const deck = body<Deck>(res).result;
    expect(deck).toMatchObject({ title: '基于字词双粒度孪生网络的中文文本相似度研究', outlineBy: 'offline', offline: true, templateId: 'tpl-ink-jade', scene: 'proposal', pageCount: 8 });
    expect(deck.slides[0].bullets[0]).toBe('汇报人：李雷');
    const none = await expectNoChange(t.db, () => h.upload(token, { ...base, pageCount: '8' }));
    expect(none.statusCode).toBe(400);
    expect(body(none).error.message).toContain('请上传论文文件');
  });

  it('drafts a deck from the text of one of the user’s own 查重 records, and 404 for another user’s', async () => {
    const token = await h.user();
    const { payload, headers } = await multipart({ title: '论文查重', content: PAPER });
    const check = await t.app.inject({ method: 'POST', url: '/api/base/check_api/check_init', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(check.statusCode).toBe(200);
    const checkId = body<{ id: string }>(check).result.id;
    const deck = body<Deck>(await h.save(token, { ...base, title: '来自查重记录', source: 'paper', checkId })).result;
    expect(deck).toMatchObject({ outlineBy: 'offline', source: 'paper' });
    expect(deck.slides[1].bullets).toContain('实验与分析');
    const other = await h.user();
    const refused = await expectNoChange(t.db, () => h.save(other, { ...base, title: '偷用查重记录', source: 'paper', checkId }));
    expect(refused.statusCode).toBe(404);
  });

  it('drafts a deck from the written text of one of the user’s own papers, and 404 for another user’s', async () => {
    const token = await h.user();
    const paperId = randomUUID();
    await storePaper(t.runtime, { id: paperId, userId: await h.userIdOf(token), title: '中文文本相似度研究', api: 'ai', stage: 'done' });
    const deck = body<Deck>(await h.save(token, { ...base, title: '来自论文写作', source: 'paper', paperId })).result;
    expect(deck).toMatchObject({ outlineBy: 'offline', source: 'paper' });
    expect(JSON.stringify(deck.slides)).toContain('已有研究给出了系统的梳理');
    const other = await h.user();
    const refused = await expectNoChange(t.db, () => h.save(other, { ...base, title: '偷用论文', source: 'paper', paperId }));
    expect(refused.statusCode).toBe(404);
  });

  it('refuses bad input in Chinese, storing and charging nothing', async () => {
    const token = await h.user(5000);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, title: '答辩', source: 'paper', paperText: PAPER, templateId: 'tpl-nope' }, '模板不存在'],
      [{ ...base, title: '答辩', source: 'paper', paperText: PAPER, scene: 'wedding' }, '场景不存在'],
      [{ ...base, title: '答辩', source: 'paper' }, '请上传论文或粘贴论文正文'],
      [{ ...base, title: '答辩', source: 'topic', slides: [{ index: 0, layout: 'table', title: '表', bullets: [], notes: '', table: { header: ['a', 'b'], rows: [['1']] } }] }, '表格'],
      [{ ...base, title: '答辩', source: 'topic', pageCount: 3, topic: '主题' }, 'pageCount'],
    ];
    for (const [payload, message] of cases) {
      const res = await expectNoChange(t.db, () => h.save(token, payload));
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res).error.message).toContain(message);
      expect(body(res).error.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('autosaves edits, renders as a priced task, and downloads a .pptx that opens', async () => {
    const token = await h.user(5000);
    const deck = body<Deck>(await h.save(token, { ...base, title: '答辩演示', source: 'paper', paperText: PAPER })).result;
    // Edit: reorder, change a layout, add a table slide, remove one.
    const slides = deck.slides.map((s) => ({ ...s }));
    [slides[2], slides[3]] = [slides[3], slides[2]];
    slides[2].layout = 'two-column';
    slides.splice(slides.length - 1, 0, { index: 0, layout: 'table', title: '实验结果对比', bullets: [], notes: '读出关键数字', table: { header: ['模型', 'LCQMC'], rows: [['BERT', '85.7%'], ['本文方法', '87.6%']] } });
    slides.splice(4, 1);
    const edited = slides.map((s, index) => ({ ...s, index }));
    const saved = await h.save(token, { id: deck.id, ...base, templateId: 'tpl-palace-red', title: '答辩演示（修改）', source: 'paper', slides: edited });
    expect(saved.statusCode).toBe(200);
    const after = body<Deck>(await h.call('load_by_id', token, { query: { id: deck.id } })).result;
    expect(after).toMatchObject({ title: '答辩演示（修改）', templateId: 'tpl-palace-red', slideCount: edited.length, outlineBy: 'offline' });
    expect(after.slides.map((s) => s.title)).toEqual(edited.map((s) => s.title));
    expect(after.slides.find((s) => s.layout === 'table')?.table?.rows[1]).toEqual(['本文方法', '87.6%']);

    // Not downloadable yet.
    expect(body(await h.call('download', token, { query: { id: deck.id } })).error.code).toBe('PPT_NOT_READY');
    const queued = await h.call('submit_by_id', token, { query: { id: deck.id } });
    expect(queued.statusCode).toBe(200);
    expect(body<Deck>(queued).result.status).toBe('queued');
    expect(await h.ledger(deck.id)).toEqual([{ kind: 'charge', amount_fen: -990 }]);
    // Editing or deleting while it renders is refused; submitting again is refused without a charge.
    expect(body(await h.save(token, { id: deck.id, ...base, title: '再改', source: 'paper' })).error.code).toBe('PPT_BUSY');
    expect(body(await h.call('delete', token, { query: { id: deck.id } })).error.code).toBe('PPT_BUSY');
    expect(body(await h.call('submit_by_id', token, { query: { id: deck.id } })).error.code).toBe('TASK_ALREADY_SUBMITTED');

    await runJobs(t.runtime);
    const done = body<Deck>(await h.call('load_by_id', token, { query: { id: deck.id } })).result;
    expect(done).toMatchObject({ status: 'done', progress: 100, offline: true });
    expect(done.renderedSlideCount).toBeGreaterThanOrEqual(edited.length);

    const file = await h.call('download', token, { query: { id: deck.id } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('presentationml');
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('答辩演示（修改）'));
    const zip = await JSZip.loadAsync(file.rawPayload);
    const parts = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(parts).toHaveLength(done.renderedSlideCount!);
    const first = await zip.file('ppt/slides/slide1.xml')!.async('string');
    // The cover keeps the title the user's slides gave it.
    expect(first).toContain('答辩演示');
    expect(Object.keys(zip.files).some((n) => n.startsWith('ppt/notesSlides/'))).toBe(true);

    // Listed with its progress; filters.
    const list = body<{ records: Deck[]; total: number }>(await h.call('query_list', token, { payload: { status: 'done', keyword: '修改' } })).result;
    expect(list.records.map((r) => r.id)).toEqual([deck.id]);
    expect(body<{ total: number }>(await h.call('query_list', token, { payload: { source: 'topic' } })).result.total).toBe(0);

    const removed = await h.call('delete', token, { query: { id: deck.id } });
    expect(body(removed).result).toEqual({ id: deck.id, deleted: true });
    expect((await h.call('load_by_id', token, { query: { id: deck.id } })).statusCode).toBe(404);
  });

  it('submitting without balance is refused and charges nothing; a failed render is refunded once', async () => {
    const poor = await h.user(0);
    const deck = body<Deck>(await h.save(poor, { ...base, title: '没钱的答辩', source: 'paper', paperText: PAPER })).result;
    const refused = await expectNoChange(t.db, () => h.call('submit_by_id', poor, { query: { id: deck.id } }));
    expect(body(refused).error.code).toBe('INSUFFICIENT_BALANCE');

    const token = await h.user(5000);
    const bad = body<Deck>(await h.save(token, { ...base, title: '会失败的答辩', source: 'paper', paperText: PAPER })).result;
    await h.call('submit_by_id', token, { query: { id: bad.id } });
    // The stored deck is lost behind the API's back: the job cannot render it.
    await t.db.sql('delete from ppt_decks where task_id = $1', [bad.id]);
    for (let i = 0; i < 3; i++) await runJobs(t.runtime);
    const [failed] = await t.db.sql<{ status: string; error: string }>('select status, error from tasks where id = $1', [bad.id]);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('费用已退回');
    expect((await h.ledger(bad.id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
  });

  it('answers 404 for another user’s deck, on every call', async () => {
    const owner = await h.user(5000);
    const deck = body<Deck>(await h.save(owner, { ...base, title: '别人的答辩', source: 'paper', paperText: PAPER })).result;
    const other = await h.user(5000);
    for (const path of ['load_by_id', 'delete', 'submit_by_id', 'download']) {
      const res = await h.call(path, other, { query: { id: deck.id } });
      expect(res.statusCode, path).toBe(404);
      expect(body(res).error.message).toBe('记录不存在');
    }
    const update = await expectNoChange(t.db, () => h.save(other, { id: deck.id, ...base, title: '改别人的', source: 'paper' }));
    expect(update.statusCode).toBe(404);
    expect(body<{ total: number }>(await h.call('query_list', other)).result.total).toBe(0);
  });
});

describe('slide decks with a model (fake model)', () => {
  let fake: FakeLlm;
  let t: TestApp;
  const h = helpers(() => t);

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.reset());

  it('writes the outline from a topic and scene; the deck says a model wrote it', async () => {
    const token = await h.user();
    const res = await h.save(token, { ...base, title: '文本相似度研究答辩', source: 'topic', topic: '介绍研究背景、方法与结果', cover: { speaker: '张三' } });
    expect(res.statusCode).toBe(200);
    const deck = body<Deck>(res).result;
    expect(deck).toMatchObject({ outlineBy: 'model', offline: false, topic: '介绍研究背景、方法与结果' });
    expect(deck.slides[0]).toMatchObject({ layout: 'cover', title: '文本相似度研究答辩' });
    expect(deck.slides[0].bullets[0]).toBe('汇报人：张三');
    expect(deck.slides.some((s) => s.layout === 'table')).toBe(true);
    const asked = fake.requests.at(-1)!;
    expect(asked.messages.at(-1)!.content).toContain('毕业答辩');
    expect(asked.messages.at(-1)!.content).toContain('介绍研究背景、方法与结果');
  });

  it('refines a paper’s offline outline with the model', async () => {
    const token = await h.user();
    const deck = body<Deck>(await h.save(token, { ...base, title: '论文答辩', source: 'paper', paperText: PAPER })).result;
    expect(deck).toMatchObject({ outlineBy: 'model', offline: false });
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain('模型与方法');
  });

  it('keeps the offline outline, labelled offline, when the model fails on a paper', async () => {
    const token = await h.user();
    fake.script('500');
    const deck = body<Deck>(await h.save(token, { ...base, title: '论文答辩', source: 'paper', paperText: PAPER })).result;
    expect(deck).toMatchObject({ outlineBy: 'offline', offline: true });
  });

  it('answers a model failure on the topic path with 502 and stores nothing', async () => {
    const token = await h.user();
    fake.script('500');
    const res = await h.save(token, { ...base, title: '答辩', source: 'topic', topic: '主题' });
    expect(res.statusCode).toBe(502);
    // Only the model call's usage is recorded: no deck, no charge.
    expect(body<{ total: number }>(await h.call('query_list', token)).result.total).toBe(0);
    expect(body(res).error.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../db/schema/ledger';
import { paperSections, papers } from '../db/schema/papers';
import { tasks } from '../db/schema/tasks';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { body, createTestApp, post, type TestApp } from '../test/app';
import { chatUser } from '../test/chat';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';

// Paper writing against the fake model (server/test/fake-llm.ts answers the writing prompts: an outline as
// JSON, an abstract, sections citing [1] and an invented [7]) and without any model.

const AI = '/api/base/ai_paper_info_api';
const INFO = '/api/base/paper_info_api';
const REFERENCES = [
  '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
  '张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
  '刘洋. 中文文本复述识别研究[D]. 北京: 北京大学, 2019.',
];
const FORM = {
  title: '基于深度学习的中文文本相似度研究',
  discipline: '计算机科学与技术',
  degree: 'bachelor',
  length: 6000,
  keywords: ['文本相似度', '深度学习'],
  references: REFERENCES.slice(0, 2),
  referencesText: `[3] ${REFERENCES[2]}`,
  author: '张三',
  institution: '某某大学',
};

interface Section {
  id: string;
  index: number;
  level: number;
  heading: string;
  content: string;
  status: string;
  targetLength: number;
}
interface Paper {
  id: string;
  status: string;
  stage: string;
  priceFen: number;
  outline: { chapters: Array<{ heading: string; targetLength: number; sections: Array<{ heading: string; targetLength: number; points: string[] }> }> } | null;
  outlineSource: string | null;
  outlineNote: string | null;
  offline: boolean;
  references: string[];
  removedCitations: number;
  abstract: string;
  sectionCount: number;
  sectionsDone: number;
  error: string | null;
}

async function ledgerOf(t: TestApp, userId: string) {
  return t.db.orm.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
}

describe('paper writing without a model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('generate_paper serves the template outline for the degree and discipline, labelled as a template, not charged', async () => {
    const { token, userId } = await chatUser(t);
    const r = await post(t.app, `${AI}/generate_paper`, { token, payload: { ...FORM, degree: 'master', discipline: '临床医学' } });
    expect(r.statusCode).toBe(200);
    const paper = body<Paper>(r).result;
    expect(paper).toMatchObject({ stage: 'outline', status: 'draft', outlineSource: 'template', offline: true });
    expect(paper.outlineNote).toMatch(/硕士·医学大纲模板（非模型生成/);
    expect(paper.outline!.chapters.map((c) => c.heading)).toContain('第3章 资料与方法');
    expect(paper.references).toEqual(REFERENCES);
    expect((await ledgerOf(t, userId)).filter((e) => e.kind === 'charge')).toEqual([]);
  });

  it('refuses the calls that need a model with 503 MODEL_NOT_CONFIGURED, charging and storing nothing', async () => {
    const { token, userId } = await chatUser(t);
    const draft = body<Paper>(await post(t.app, `${AI}/generate_paper`, { token, payload: FORM })).result;
    for (const [url, payload] of [
      [`${AI}/commit_paper`, { id: draft.id, outline: draft.outline }],
      [`${INFO}/paper_submit`, FORM],
      [`${INFO}/paper_xueshu_submit`, { title: FORM.title, discipline: FORM.discipline, length: 5000 }],
    ] as const) {
      const r = await post(t.app, url, { token, payload });
      expect(r.statusCode, url).toBe(503);
      expect(body(r).error.code).toBe('MODEL_NOT_CONFIGURED');
    }
    expect(await ledgerOf(t, userId)).toHaveLength(1);
    const rows = await t.db.orm.select().from(papers).innerJoin(tasks, eq(tasks.id, papers.taskId)).where(eq(tasks.userId, userId));
    expect(rows).toHaveLength(1);
  });
});

describe('paper writing with the fake model', () => {
  let fake: FakeLlm;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.reset());

  const runner = async () => new JobRunner({ ...t.runtime, handlers: await loadJobHandlers() });
  const runJobs = async () => (await runner()).drain();
  const sections = async (token: string, id: string, api = AI) =>
    body<{ records: Section[]; total: number }>(await post(t.app, `${api}/query_content_list`, { token, query: { id, pageSize: 100 } })).result;
  const load = async (token: string, id: string, api = AI) => body<Paper>(await post(t.app, `${api}/load_by_id`, { token, query: { id } })).result;

  async function committed(token: string) {
    const draft = body<Paper>(await post(t.app, `${AI}/generate_paper`, { token, payload: FORM })).result;
    const r = await post(t.app, `${AI}/commit_paper`, { token, payload: { id: draft.id, outline: draft.outline } });
    expect(r.statusCode).toBe(200);
    return body<Paper>(r).result;
  }

  it('title -> the model’s outline -> edited -> committed (charged by length) -> sections written -> .docx', async () => {
    const { token, userId } = await chatUser(t);
    const g = await post(t.app, `${AI}/generate_paper`, { token, payload: FORM });
    expect(g.statusCode).toBe(200);
    const draft = body<Paper>(g).result;
    expect(draft).toMatchObject({ stage: 'outline', status: 'draft', outlineSource: 'model', outlineNote: null, offline: false });
    expect(draft.outline!.chapters.map((c) => c.heading)).toEqual(['第1章 绪论', '第2章 相关技术', '第3章 总结与展望']);

    // Edited on the outline page: a chapter renamed, a section added with its own length, chapters reordered.
    const outline = structuredClone(draft.outline!);
    outline.chapters[1].heading = '关键技术';
    outline.chapters[1].sections.push({ heading: '技术比较', targetLength: 800, points: ['优劣对比'] });
    outline.chapters.splice(0, 2, outline.chapters[0], outline.chapters[1]);
    const c = await post(t.app, `${AI}/commit_paper`, { token, payload: { id: draft.id, outline } });
    expect(c.statusCode).toBe(200);
    const paper = body<Paper>(c).result;
    expect(paper).toMatchObject({ stage: 'writing', status: 'queued', priceFen: 990 });
    expect(paper.outline!.chapters[1].heading).toBe('第2章 关键技术');
    expect(paper.outline!.chapters[1].sections[2].heading).toBe('2.3 技术比较');
    const again = await post(t.app, `${AI}/commit_paper`, { token, payload: { id: draft.id, outline } });
    expect(again.statusCode).toBe(409);
    expect(body(again).error.code).toBe('TASK_ALREADY_SUBMITTED');

    await runJobs();
    const done = await load(token, draft.id);
    expect(done).toMatchObject({ status: 'done', stage: 'done', progress: 100, sectionsDone: done.sectionCount });
    expect(done.abstract).toContain('本文围绕题目展开研究');
    const list = await sections(token, draft.id);
    expect(list.records.map((s) => s.heading)).toEqual(['第1章 绪论', '1.1 研究背景与意义', '1.2 国内外研究现状', '第2章 关键技术', '2.1 基本概念', '2.2 关键方法', '2.3 技术比较', '第3章 总结与展望']);
    const written = list.records.filter((s) => s.targetLength > 0);
    // Each section cites the supplied [1]; the model's invented [7] is gone and the place marked.
    for (const s of written) {
      expect(s.status).toBe('done');
      expect(s.content).toContain('[1]');
      expect(s.content).not.toContain('[7]');
      expect(s.content).toContain('[待补充参考文献]');
    }
    expect(done.removedCitations).toBe(written.length);
    // Later sections were written from a running summary of the earlier ones.
    const prompts = fake.requests.filter((r) => r.messages.some((m) => m.content.includes('【墨研写作·章节】')));
    expect(prompts).toHaveLength(written.length);
    expect(prompts[1].messages[1].content).toContain('前文概要');
    expect(prompts[1].messages[1].content).toContain(`[3] ${REFERENCES[2]}`);
    // Charged once, at commit.
    const ledger = await ledgerOf(t, userId);
    expect(ledger.filter((e) => e.kind === 'charge').map((e) => e.amountFen)).toEqual([-990]);

    // query_list and query_paper_content (the latter on paper_info_api only: the AI paper is not there).
    const page = body<{ records: Paper[]; total: number }>(await post(t.app, `${AI}/query_list`, { token, payload: { stage: 'done' } })).result;
    expect(page.records.map((p) => p.id)).toEqual([draft.id]);
    expect((await post(t.app, `${INFO}/load_by_id`, { token, query: { id: draft.id } })).statusCode).toBe(404);

    // Download: headings in the outline's order, the reference list exactly the user's.
    const d = await post(t.app, `${AI}/download`, { token, query: { id: draft.id } });
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toMatch(/wordprocessingml/);
    const zip = await JSZip.loadAsync(d.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    const headings = [...xml.matchAll(/<w:pStyle w:val="Heading[12]"\/>[\s\S]*?<w:t xml:space="preserve">([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(headings).toEqual(['摘要', ...list.records.map((s) => s.heading), '参考文献', '致谢']);
    const listed = [...xml.matchAll(/<w:t xml:space="preserve">(\[\d+\] [^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(listed).toEqual(REFERENCES.map((r, i) => `[${i + 1}] ${r}`));
  });

  it('edits, deletes and reloads a section (reload priced per section), and deletes the paper', async () => {
    const { token, userId } = await chatUser(t);
    const paper = await committed(token);
    await runJobs();
    const [first, second] = (await sections(token, paper.id)).records.filter((s) => s.targetLength > 0);

    const u = await post(t.app, `${AI}/update_content`, { token, payload: { id: first.id, content: '我自己改写的内容，引用[2]与不存在的[9]。' } });
    expect(u.statusCode).toBe(200);
    expect(body<Section>(u).result.content).toBe('我自己改写的内容，引用[2]与不存在的[待补充参考文献]。');
    expect((await post(t.app, `${AI}/update_content`, { token, payload: { id: first.id, content: '   ' } })).statusCode).toBe(400);

    const r = await post(t.app, `${AI}/reload`, { token, query: { id: second.id } });
    expect(r.statusCode).toBe(200);
    expect(body<Section>(r).result.status).toBe('queued');
    const busy = await post(t.app, `${AI}/update_content`, { token, payload: { id: second.id, content: '改' } });
    expect(body(busy).error.code).toBe('PAPER_BUSY');
    expect(body(await post(t.app, `${AI}/delete`, { token, query: { id: paper.id } })).error.code).toBe('PAPER_BUSY');
    await runJobs();
    const reloaded = (await sections(token, paper.id)).records.find((s) => s.id === second.id)!;
    expect(reloaded.status).toBe('done');
    const charges = (await ledgerOf(t, userId)).filter((e) => e.kind === 'charge').map((e) => e.amountFen);
    expect(charges).toEqual([-990, -Math.ceil(second.targetLength / 1000) * 50]);

    const del = await post(t.app, `${AI}/delete_content`, { token, query: { id: first.id } });
    expect(body(del).result).toEqual({ id: first.id, deleted: true });
    expect((await sections(token, paper.id)).records.some((s) => s.id === first.id)).toBe(false);
    expect(body(await post(t.app, `${AI}/delete`, { token, query: { id: paper.id } })).result).toEqual({ id: paper.id, deleted: true });
    expect((await post(t.app, `${AI}/load_by_id`, { token, query: { id: paper.id } })).statusCode).toBe(404);
  });

  it('a model failure mid-paper fails the task with one refund of the undelivered part, the written sections kept', async () => {
    const { token, userId } = await chatUser(t);
    const draft = body<Paper>(await post(t.app, `${AI}/generate_paper`, { token, payload: FORM })).result;
    fake.reset();
    await post(t.app, `${AI}/commit_paper`, { token, payload: { id: draft.id, outline: draft.outline } });
    // The abstract and the first section go through; the second section's stream breaks after 3 tokens.
    fake.script('ok', 'ok', 'error-mid-stream=3');
    await runJobs();
    const failed = await load(token, draft.id);
    expect(failed).toMatchObject({ status: 'failed', stage: 'writing' });
    expect(failed.error).toMatch(/已写好的章节已保留，未写部分的费用（\d+\.\d\d 元）已退回/);
    const rows = (await sections(token, draft.id)).records.filter((s) => s.targetLength > 0);
    expect(rows[0].status).toBe('done');
    expect(rows[0].content).toContain('[1]');
    expect(rows[1].status).toBe('failed');
    expect(rows.slice(2).every((s) => s.status === 'cancelled')).toBe(true);
    const ledger = await ledgerOf(t, userId);
    const refunds = ledger.filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
    const total = rows.reduce((n, s) => n + s.targetLength, 0);
    expect(refunds[0].amountFen).toBe(Math.round(990 * (1 - rows[0].targetLength / total)));
    expect((await post(t.app, `${AI}/download`, { token, query: { id: draft.id } })).statusCode).toBe(409);

    // Each unwritten section can be reloaded; once all are written the paper is complete.
    for (const s of rows.slice(1)) expect((await post(t.app, `${AI}/reload`, { token, query: { id: s.id } })).statusCode).toBe(200);
    await runJobs();
    expect((await load(token, draft.id)).stage).toBe('done');
    expect((await post(t.app, `${AI}/download`, { token, query: { id: draft.id } })).statusCode).toBe(200);
  });

  it('the model’s connection lost in the first section: nothing delivered, the whole charge refunded once', async () => {
    const { token, userId } = await chatUser(t);
    const paper = await committed(token);
    fake.script('ok', 'reset=3');
    await runJobs();
    const failed = await load(token, paper.id);
    expect(failed).toMatchObject({ status: 'failed', stage: 'writing' });
    expect(failed.error).toBe('大模型服务出错，论文未能生成，费用已退回，请稍后重试');
    const ledger = await ledgerOf(t, userId);
    expect(ledger.filter((e) => e.kind === 'refund').map((e) => e.amountFen)).toEqual([990]);
    const rows = (await sections(token, paper.id)).records.filter((s) => s.targetLength > 0);
    expect(rows[0].status).toBe('failed');
    expect(rows.slice(1).every((s) => s.status === 'cancelled')).toBe(true);
  });

  it('shows the section being written while it streams in; nobody polling changes nothing', async () => {
    const { token } = await chatUser(t);
    const paper = await committed(token);
    fake.script('ok', 'slow=15');
    const running = runJobs();
    let partial: Section | undefined;
    for (let i = 0; i < 400 && !partial; i++) {
      const seen = (await sections(token, paper.id)).records;
      partial = seen.find((s) => s.status === 'running' && s.content.length > 0);
      if (!partial) await new Promise((r) => setTimeout(r, 10));
    }
    expect(partial?.content.length).toBeGreaterThan(0);
    await running;
    const after = (await sections(token, paper.id)).records.find((s) => s.id === partial!.id)!;
    expect(after.status).toBe('done');
    expect(after.content.startsWith(partial!.content.slice(0, 5))).toBe(true);
  });

  it('paper_submit writes the whole thesis and the chosen materials; paper_xueshu_submit a journal paper', async () => {
    const { token } = await chatUser(t);
    const s = await post(t.app, `${INFO}/paper_submit`, { token, payload: { ...FORM, materials: ['proposal', 'acknowledgement'] } });
    expect(s.statusCode).toBe(200);
    const id = body<Paper>(s).result.id;
    const x = await post(t.app, `${INFO}/paper_xueshu_submit`, { token, payload: { title: '中文文本复述识别方法研究', discipline: '软件工程', length: 3000, references: REFERENCES } });
    expect(x.statusCode).toBe(200);
    await runJobs();
    expect(await load(token, id, INFO)).toMatchObject({ status: 'done', stage: 'done', outlineSource: 'model' });
    const materials = body<{ materials: Array<{ kind: string; status: string; content: string; title: string }> }>(await post(t.app, `${INFO}/load_other_by_id`, { token, query: { id } })).result.materials;
    expect(materials.map((m) => [m.kind, m.status])).toEqual([
      ['proposal', 'done'],
      ['acknowledgement', 'done'],
    ]);
    const full = body<{ content: string; charCount: number }>(await post(t.app, `${INFO}/query_paper_content`, { token, query: { id } })).result;
    expect(full.content.split('\n').slice(0, 3)).toEqual(['摘要', expect.stringContaining('本文围绕题目'), '第1章 绪论']);
    const listed = body<{ records: Paper[] }>(await post(t.app, `${INFO}/query_list`, { token })).result.records;
    expect(listed.map((p) => p.id)).toEqual([body<Paper>(x).result.id, id]);
    expect((await post(t.app, `${INFO}/download`, { token, query: { id: body<Paper>(x).result.id } })).statusCode).toBe(200);
    expect((await sections(token, id, INFO)).records.length).toBeGreaterThan(0);
  });

  it('bad input: a clear Chinese message, nothing stored, nothing charged; another user’s paper is 404', async () => {
    const { token, userId } = await chatUser(t);
    const bad: Array<[string, unknown]> = [
      [`${AI}/generate_paper`, { ...FORM, title: '     ' }],
      [`${AI}/generate_paper`, { ...FORM, title: '题'.repeat(201) }],
      [`${AI}/generate_paper`, { ...FORM, keywords: Array.from({ length: 9 }, (_, i) => `词${i}`) }],
      [`${AI}/generate_paper`, { ...FORM, referencesText: Array.from({ length: 61 }, (_, i) => `作者${i}. 题名${i}[J]. 刊, 2020.`).join('\n') }],
      [`${INFO}/paper_submit`, { ...FORM, title: '' }],
      [`${INFO}/paper_submit`, { ...FORM, length: 999_999 }],
    ];
    for (const [url, payload] of bad) {
      const r = await post(t.app, url, { token, payload });
      expect(r.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(r).error.message).toMatch(/请求参数不正确/);
    }
    expect(await t.db.orm.select().from(tasks).where(eq(tasks.userId, userId))).toEqual([]);
    expect((await ledgerOf(t, userId)).filter((e) => e.kind !== 'grant')).toEqual([]);

    const draft = body<Paper>(await post(t.app, `${AI}/generate_paper`, { token, payload: FORM })).result;
    const bad2 = structuredClone(draft.outline!);
    bad2.chapters[0].sections[1].heading = bad2.chapters[0].sections[0].heading;
    const c = await post(t.app, `${AI}/commit_paper`, { token, payload: { id: draft.id, outline: bad2 } });
    expect(c.statusCode).toBe(400);
    expect(body(c).error.message).toContain('第1章第2节的标题“研究背景与意义”与本章前面的节重复');
    expect((await ledgerOf(t, userId)).filter((e) => e.kind === 'charge')).toEqual([]);

    const poor = await chatUser(t, 100);
    const mine = body<Paper>(await post(t.app, `${AI}/generate_paper`, { token: poor.token, payload: FORM })).result;
    const broke = await post(t.app, `${AI}/commit_paper`, { token: poor.token, payload: { id: mine.id, outline: mine.outline } });
    expect(body(broke).error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await load(poor.token, mine.id)).stage).toBe('outline');
    expect(await t.db.orm.select().from(paperSections).where(eq(paperSections.taskId, mine.id))).toEqual([]);

    const other = await chatUser(t);
    for (const [url, query, payload] of [
      [`${AI}/load_by_id`, { id: draft.id }, undefined],
      [`${AI}/query_content_list`, { id: draft.id }, undefined],
      [`${AI}/commit_paper`, undefined, { id: draft.id, outline: draft.outline }],
      [`${AI}/download`, { id: draft.id }, undefined],
      [`${AI}/delete`, { id: draft.id }, undefined],
    ] as const) {
      const r = await post(t.app, url, { token: other.token, query, payload });
      expect(r.statusCode, url).toBe(404);
    }
    expect((await ledgerOf(t, other.userId)).filter((e) => e.kind !== 'grant')).toEqual([]);
  });
});

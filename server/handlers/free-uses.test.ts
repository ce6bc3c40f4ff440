import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { testClock } from '../test/clock';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { grant } from '../test/fixtures';
import { expectNoChange } from '../test/snapshot';
import { multipart } from './check.test-helpers';

// No free model work beyond a small allowance (issue 21): reduction, the outline of generate_paper, a deck
// drafted from a topic and paragraph reloads called the model without a charge or a limit, from accounts
// anyone can create. Each is now free a few times a day per account and per network address, stated in the
// capabilities call and in account_info_api/free_uses; beyond it 429 FREE_USES_EXHAUSTED, nothing stored.

const PAPER = '/api/base/paper_machine_api';
const AI = '/api/base/ai_paper_info_api';
const PPT = '/api/base/ai_ppt_info_api';
const USES = '/api/base/account_info_api/free_uses';
const PASSAGE = '文本相似度计算在学术不端检测中发挥着重要作用，基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹。';

interface FreeUses {
  day: string;
  uses: Record<string, { perDay: number; used: number; remaining: number }>;
}

let fake: FakeLlm;
let t: TestApp;
const clock = testClock(new Date('2026-05-01T10:00:00+08:00'));
const limits: Partial<Config> = {
  FREE_REDUCTIONS_PER_DAY: 2,
  FREE_OUTLINES_PER_DAY: 1,
  FREE_PPT_DRAFTS_PER_DAY: 1,
  FREE_RELOADS_PER_DAY: 1,
  FREE_USES_ADDRESS_FACTOR: 2,
};

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0, ...limits }, { now: clock.now });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** A fresh account asking from its own address (127.0.0.x), so the address allowance is its own. */
let accounts = 0;
async function account(address = `127.0.0.${++accounts + 1}`) {
  const { token } = await signUp(t.app);
  const as = (url: string, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
      headers: { authorization: `Bearer ${token}` },
      ...(options.payload !== undefined && { payload: options.payload as object }),
    });
  const uses = async () =>
    body<FreeUses>(await t.app.inject({ method: 'GET', url: USES, remoteAddress: address, headers: { authorization: `Bearer ${token}` } })).result;
  return { token, address, as, uses };
}

const reduce = (as: Awaited<ReturnType<typeof account>>['as'], content = PASSAGE) => as(`${PAPER}/reduction`, { payload: { content, mode: 'rewrite' } });

describe('the daily free allowance of model work', () => {
  it('states the allowances in the capabilities call', async () => {
    const caps = body<{ freeUses: Record<string, { perAccount: number; perAddress: number }> }>(
      await t.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' }),
    ).result;
    expect(caps.freeUses).toEqual({
      reduction: { perAccount: 2, perAddress: 4 },
      outline: { perAccount: 1, perAddress: 2 },
      pptDraft: { perAccount: 1, perAddress: 2 },
      reload: { perAccount: 1, perAddress: 2 },
    });
  });

  it('gives an account its free reductions, then refuses with 429 in Chinese; another account is unaffected', async () => {
    const a = await account();
    expect((await a.uses()).uses.reduction).toEqual({ perDay: 2, used: 0, remaining: 2 });
    for (let i = 0; i < 2; i++) expect((await reduce(a.as)).statusCode).toBe(200);
    const asked = fake.requests.length;

    const refused = await reduce(a.as);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error).toMatchObject({
      code: 'FREE_USES_EXHAUSTED',
      message: '今日免费即时改写次数已用完（每个账号每天 2 次），请明天再试',
      details: { action: 'reduction', perDay: 2, retryAfterSeconds: 14 * 3600 },
    });
    expect(refused.headers['retry-after']).toBe(String(14 * 3600));
    expect(fake.requests).toHaveLength(asked);
    expect(await a.uses()).toMatchObject({ day: '2026-05-01', uses: { reduction: { perDay: 2, used: 2, remaining: 0 } } });

    const b = await account();
    expect((await reduce(b.as)).statusCode).toBe(200);
  });

  it('holds a network address to its own allowance, whatever accounts it creates', async () => {
    const address = '10.1.2.3';
    const first = await account(address);
    const second = await account(address);
    for (const a of [first, first, second, second]) expect((await reduce(a.as)).statusCode).toBe(200);
    const third = await account(address);
    expect((await third.uses()).uses.reduction).toEqual({ perDay: 2, used: 0, remaining: 0 });
    const refused = await reduce(third.as);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error.message).toBe('当前网络今日免费即时改写次数已用完（同一网络每天共 4 次），请明天再试');
  });

  it('counts nothing when the model fails', async () => {
    const a = await account();
    fake.script('500', '500', '500');
    const failed = await reduce(a.as);
    expect(failed.statusCode).toBe(502);
    expect(body(failed).error.code).toBe('MODEL_UNAVAILABLE');
    expect((await a.uses()).uses.reduction.remaining).toBe(2);
  });

  it('starts again the next day in China time', async () => {
    const a = await account();
    for (let i = 0; i < 2; i++) await reduce(a.as);
    expect((await reduce(a.as)).statusCode).toBe(429);
    clock.advance(14 * 3600_000);
    try {
      expect(await a.uses()).toMatchObject({ day: '2026-05-02', uses: { reduction: { used: 0, remaining: 2 } } });
      expect((await reduce(a.as)).statusCode).toBe(200);
    } finally {
      clock.advance(-14 * 3600_000);
    }
  });

  it("refuses the model's outline of generate_paper beyond the allowance, storing nothing", async () => {
    const a = await account();
    const form = { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree: 'bachelor', length: 8000 };
    const first = await a.as(`${AI}/generate_paper`, { payload: form });
    expect(first.statusCode).toBe(200);
    expect(body<{ outlineSource: string }>(first).result.outlineSource).toBe('model');
    const refused = await expectNoChange(t.db, () => a.as(`${AI}/generate_paper`, { payload: form }));
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error.message).toBe('今日免费AI 生成论文大纲次数已用完（每个账号每天 1 次），请明天再试');
  });

  it('refuses a deck drafted from a topic beyond the allowance, storing nothing', async () => {
    const a = await account();
    const deck = { templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, title: '毕业答辩', source: 'topic', topic: '中文文本相似度研究' };
    expect((await a.as(`${PPT}/save_or_update`, { payload: deck })).statusCode).toBe(200);
    const refused = await expectNoChange(t.db, () => a.as(`${PPT}/save_or_update`, { payload: deck }));
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error.code).toBe('FREE_USES_EXHAUSTED');
    expect((await a.uses()).uses.pptDraft).toEqual({ perDay: 1, used: 1, remaining: 0 });
  });

  it('refuses a paragraph reload beyond the allowance, queuing nothing', async () => {
    const a = await account();
    const me = body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token: a.token })).result;
    await grant(t.db, me.id, 10_000);
    const form = await multipart({ title: '相似度检测方法比较', mode: 'rewrite', content: `${PASSAGE}\n对齐方法在候选片段之间寻找最长的公共子串，能够定位到句子级别的重合位置。` });
    const draft = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: `${PAPER}/machine_init`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${a.token}` } }),
    ).result;
    expect((await a.as(`${PAPER}/machine_submit`, { payload: { id: draft.id } })).statusCode).toBe(200);
    const runJobs = async () => new JobRunner({ ...t.runtime, handlers: await loadJobHandlers() }).drain();
    await runJobs();
    const pairs = body<{ records: Array<{ id: string }> }>(await a.as(`${PAPER}/query_content_list`, { query: { id: draft.id } })).result.records;
    expect(pairs.length).toBeGreaterThan(1);

    expect((await a.as(`${PAPER}/reload`, { query: { id: pairs[0].id } })).statusCode).toBe(200);
    await runJobs();
    const refused = await expectNoChange(t.db, () => a.as(`${PAPER}/reload`, { query: { id: pairs[1].id } }));
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error.message).toBe('今日免费重新生成段落次数已用完（每个账号每天 1 次），请明天再试');
  });
});

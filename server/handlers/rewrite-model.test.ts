import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RewrittenParagraph } from '../engines/rewrite';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { body, createTestApp, post, signUp, type TestApp, testConfig } from '../test/app';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { grant } from '../test/fixtures';
import { type StandInEngine, withRewriteEngine } from '../test/rewrite-engine';
import { poolCompute } from '../workers/compute';
import { multipart } from './check.test-helpers';

// The model path of the rewording service against the fake model: the job hands the engine the model
// gateway (with LLM_* configured), the record says a model wrote it, and a model error part-way fails
// the task cleanly — refunded once, the finished paragraphs kept. The stand-in engine asks the model once
// per paragraph through the gateway (the real engine's prompts have their own tests).

const PAPER = '/api/base/paper_machine_api';
const TEXT = [
  '文本相似度计算在学术不端检测中发挥着重要作用。',
  '基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹。',
  '对齐方法在候选片段之间寻找最长的公共子串，能够定位到句子级别的重合位置。',
].join('\n');

const modelEngine: StandInEngine = {
  async rewriteDocument(text, options) {
    const useModel = Boolean(options.gateway?.configured('rewrite')) && options.mode !== 'smart';
    const paragraphs: RewrittenParagraph[] = [];
    for (const [index, original] of text.split('\n').entries()) {
      if (useModel) await options.gateway!.complete({ feature: 'rewrite', messages: [{ role: 'user', content: `请改写：${original}` }], signal: options.signal });
      const p = { index, original, role: 'body' as const, rewritten: `${original}（${useModel ? '模型' : '离线'}改写）`, offline: !useModel, similarityToOriginal: 0.3, bigramOverlap: 0.7, protectedKept: true, sentences: [] };
      paragraphs.push(p);
      await options.onParagraph?.(p);
    }
    return { mode: options.mode, offline: !useModel, paragraphs, terms: [] };
  },
};

describe('rewording with a model (fake model)', () => {
  let fake: FakeLlm;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp(
      { LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0 },
      { compute: withRewriteEngine(poolCompute(testConfig()), modelEngine) },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.reset());

  const runJobs = async () =>
    new JobRunner({ ...t.runtime, handlers: await loadJobHandlers() }).drain();
  const paidUser = async () => {
    const { token } = await signUp(t.app);
    const me = body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result;
    await grant(t.db, me.id, 10_000);
    return token;
  };
  const start = async (token: string, mode: string) => {
    const form = await multipart({ title: '相似度检测方法比较', mode, content: TEXT });
    const draft = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: `${PAPER}/machine_init`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    expect((await post(t.app, `${PAPER}/machine_submit`, { token, payload: { id: draft.id } })).statusCode).toBe(200);
    return draft.id;
  };
  const load = async (token: string, id: string) => body<{ status: string; offline: boolean; error: string | null }>(await post(t.app, `${PAPER}/load_by_id`, { token, query: { id } })).result;
  const pairs = async (token: string, id: string) =>
    body<{ records: Array<{ index: number; rewritten: string; offline: boolean; status: string }> }>(
      await post(t.app, `${PAPER}/query_content_list`, { token, query: { id, pageSize: 100 } }),
    ).result.records;
  const ledger = (id: string) => t.db.sql<{ kind: string }>('select kind from ledger_entries where task_id = $1 order by seq', [id]);

  it('asks the model for every paragraph and says a model wrote the record (offline false)', async () => {
    const token = await paidUser();
    const id = await start(token, 'strong');
    await runJobs();
    expect(await load(token, id)).toMatchObject({ status: 'done', offline: false });
    const result = await pairs(token, id);
    expect(result.map((p) => [p.offline, p.rewritten.endsWith('（模型改写）')])).toEqual([[false, true], [false, true], [false, true]]);
    expect(fake.requests.filter((r) => r.model === FAKE_MODEL)).toHaveLength(3);
  });

  it('fails a model error part-way cleanly: refunded once, the two finished paragraphs kept', async () => {
    const token = await paidUser();
    const id = await start(token, 'rewrite');
    fake.script('none', 'none', '500');
    await runJobs();
    const failed = await load(token, id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('大模型服务出错');
    expect((await ledger(id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
    expect((await pairs(token, id)).map((p) => [p.index, p.status])).toEqual([[0, 'done'], [1, 'done']]);
    await runJobs();
    expect((await ledger(id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
  });

  it('智能降重 never calls the model, even with one configured, and is labelled offline', async () => {
    const token = await paidUser();
    const form = await multipart({ title: '智能降重', content: TEXT });
    const draft = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: '/api/base/machine_api/machine_init', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    await post(t.app, '/api/base/machine_api/machine_submit', { token, payload: { id: draft.id } });
    await runJobs();
    expect(await load(token, draft.id)).toMatchObject({ status: 'done', offline: true });
    expect(fake.requests).toHaveLength(0);
  });
});

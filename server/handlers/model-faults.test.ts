import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RewrittenParagraph } from '../engines/rewrite';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { body, post, type TestApp } from '../test/app';
import { CHAT, chatApp, chatState, chatUser } from '../test/chat';
import { type StandInEngine, withRewriteEngine } from '../test/rewrite-engine';
import { type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { multipart } from './check.test-helpers';

// A model endpoint that hangs, drops the connection or answers garbage (issue 15), against the fake model
// with tight timeouts: other users' requests are answered while answers hang, every hanging or broken chat
// answer ends with its error and no charge, and a rewrite job whose model hangs or breaks ends instead of
// running on: the task fails within the timeouts (LLM_TIMEOUT_MS, LLM_FIRST_TOKEN_TIMEOUT_MS) with its
// Chinese message and exactly one refund, the paragraphs finished before the failure kept.

const PAPER = '/api/base/paper_machine_api';
const TEXT = ['文本相似度计算在学术不端检测中发挥着重要作用。', '基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹。'].join('\n');

// One model call per paragraph: the first paragraph answered, the second hangs.
const modelOnlyEngine: StandInEngine = {
  async rewriteDocument(text, options) {
    const paragraphs: RewrittenParagraph[] = [];
    for (const [index, original] of text.split('\n').entries()) {
      const answer = await options.gateway!.complete({ feature: 'rewrite', messages: [{ role: 'user', content: `请改写：${original}` }], signal: options.signal });
      const p = { index, original, role: 'body' as const, rewritten: answer.content, offline: false, similarityToOriginal: 0.3, bigramOverlap: 0.7, protectedKept: true, sentences: [] };
      paragraphs.push(p);
      await options.onParagraph?.(p);
    }
    return { mode: options.mode, offline: false, paragraphs, terms: [] };
  },
};

describe('a hanging, resetting or garbage-answering model', () => {
  let fake: FakeLlm;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await chatApp(fake, { LLM_TIMEOUT_MS: 1500, LLM_FIRST_TOKEN_TIMEOUT_MS: 1000 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.reset());

  it("keeps answering other users while one user's answers hang, then ends each with MODEL_TIMEOUT and no charge", async () => {
    const stuck = await chatUser(t);
    const other = await chatUser(t);
    const order: string[] = [];
    const hanging = ['[[fake:hang]] 你好', '[[fake:hang=3]] 你好', '[[fake:slow-first-token=60000]] 你好'].map((content) =>
      post(t.app, `${CHAT}/completions`, { token: stuck.token, payload: { content } }).then((response) => {
        order.push('hanging');
        return response;
      }),
    );
    await fake.waitFor((request) => request.faults.includes('hang'));
    // While the three hang: the other user signs in, lists conversations and gets a real answer.
    const current = await post(t.app, '/api/base/login_api/current', { token: other.token });
    const list = await post(t.app, `${CHAT}/query_list`, { token: other.token });
    const answered = await post(t.app, `${CHAT}/completions`, { token: other.token, payload: { content: '你好' } });
    order.push('other');
    expect([current.statusCode, list.statusCode, answered.statusCode]).toEqual([200, 200, 200]);

    const responses = await Promise.all(hanging);
    expect(order[0]).toBe('other');
    for (const response of responses) {
      expect(response.statusCode).toBe(504);
      expect(body(response).error).toEqual({ code: 'MODEL_TIMEOUT', message: '大模型服务响应超时，请稍后重试' });
    }
    const state = await chatState(t, stuck.userId);
    expect(state.charges).toEqual([]);
    expect(state.tasks.map((task) => task.status)).toEqual(['failed', 'failed', 'failed']);
    // The model's connections were let go, not left open.
    await fake.waitFor((request) => request.faults.includes('hang') && request.aborted);
  });

  it.each([
    ['connection reset', '[[fake:reset=0]] 你好'],
    ['a chunk that is not JSON', '[[fake:malformed-chunk=2]] 你好'],
  ])('answers %s with 502 MODEL_UNAVAILABLE, storing and charging nothing', async (_name, content) => {
    const { token, userId } = await chatUser(t);
    const response = await post(t.app, `${CHAT}/completions`, { token, payload: { content } });
    expect(response.statusCode).toBe(502);
    expect(body(response).error.code).toBe('MODEL_UNAVAILABLE');
    const state = await chatState(t, userId);
    expect([state.conversations, state.charges]).toEqual([[], []]);
  });

  const runJobs = async (compute = t.runtime.compute) =>
    new JobRunner({ ...t.runtime, compute, handlers: await loadJobHandlers() }).drain();
  const startRewrite = async (token: string) => {
    const form = await multipart({ title: '相似度检测方法比较', mode: 'strong', content: TEXT });
    const draft = body<{ id: string }>(
      await t.app.inject({ method: 'POST', url: `${PAPER}/machine_init`, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } }),
    ).result;
    expect((await post(t.app, `${PAPER}/machine_submit`, { token, payload: { id: draft.id } })).statusCode).toBe(200);
    return draft.id;
  };
  const load = async (token: string, id: string) => body<{ status: string; offline: boolean; error: string | null }>(await post(t.app, `${PAPER}/load_by_id`, { token, query: { id } })).result;
  const ledger = (id: string) => t.db.sql<{ kind: string }>('select kind from ledger_entries where task_id = $1 order by seq', [id]);

  it.each([
    ['hangs', ['hang', 'hang', 'hang', 'hang', 'hang', 'hang', 'hang', 'hang']],
    ['resets the connection', ['reset=0', 'reset=0', 'reset=0', 'reset=0', 'reset=0', 'reset=0', 'reset=0', 'reset=0']],
    ['answers garbage', ['malformed-chunk=0', 'malformed-chunk=0', 'malformed-chunk=0', 'malformed-chunk=0', 'malformed-chunk=0', 'malformed-chunk=0', 'malformed-chunk=0', 'malformed-chunk=0']],
  ])('a rewrite whose model %s ends (failed within the timeouts), refunded exactly once', async (_name, faults) => {
    const { token } = await chatUser(t);
    fake.script(...faults, ...faults, ...faults);
    const id = await startRewrite(token);
    await runJobs();
    const record = await load(token, id);
    expect(record).toMatchObject({ status: 'failed', error: '大模型服务出错，改写未能完成，费用已退回；已完成的段落已保留' });
    expect((await ledger(id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
  }, 60_000);

  it('a rewrite whose model hangs after one paragraph fails, keeps that paragraph, refunded exactly once', async () => {
    const { token } = await chatUser(t);
    fake.script('ok', 'hang');
    const id = await startRewrite(token);
    await runJobs(withRewriteEngine(t.runtime.compute, modelOnlyEngine));
    const record = await load(token, id);
    expect(record.status).toBe('failed');
    expect(record.error).toMatch(/[\u4e00-\u9fff]/);
    expect((await ledger(id)).map((e) => e.kind)).toEqual(['charge', 'refund']);
    const pairs = body<{ records: Array<{ index: number; rewritten: string | null }> }>(await post(t.app, `${PAPER}/query_content_list`, { token, query: { id, pageSize: 100 } })).result.records;
    expect(pairs.filter((p) => p.rewritten).map((p) => p.index)).toEqual([0]);
  }, 60_000);
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countChars } from '@common/char-count';
import { SYSTEM_PROMPT } from '../services/chat/prompt';
import { body, createTestApp, post, type TestApp } from '../test/app';
import { CHAT, chatApp, chatState, chatUser } from '../test/chat';
import { answerFor, FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';

// The chat calls through app.inject, with the model gateway pointed at the fake model.
// Seeded price: 10 fen per 1 000 characters of answer, no minimum; CHAT_MAX_ANSWER_CHARS 8000 reserves 80 fen.
const price = (content: string) => Math.ceil(countChars(content) / 1000) * 10;

interface Completion {
  conversationId: string;
  userMessageId: string;
  messageId: string;
  title: string;
  content: string;
  chargedFen: number;
}

let fake: FakeLlm;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeLlm();
  // A tight context budget and first-token timeout, for the tests of both.
  t = await chatApp(fake, { CHAT_CONTEXT_TOKENS: 6000, LLM_FIRST_TOKEN_TIMEOUT_MS: 2000 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const ask = (token: string, payload: Record<string, unknown>) => post(t.app, `${CHAT}/completions`, { token, payload });

describe('chat completions (JSON)', () => {
  it('answers a first question in a new conversation, stores both messages and charges the answer', async () => {
    const { token, userId } = await chatUser(t);
    const response = await ask(token, { content: '  文献综述怎么写？  ' });
    expect(response.statusCode).toBe(200);
    const answer = body<Completion>(response).result;
    expect(answer.content).toBe(answerFor('文献综述怎么写？'));
    expect(answer.title).toBe('文献综述怎么写？');
    expect(answer.chargedFen).toBe(price(answer.content));

    const state = await chatState(t, userId);
    expect(state.conversations).toHaveLength(1);
    expect(state.messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', '文献综述怎么写？', 'complete'],
      ['assistant', answer.content, 'complete'],
    ]);
    expect(state.charges).toEqual([expect.objectContaining({ amountFen: -answer.chargedFen, taskId: state.tasks[0].id })]);
    expect(state.tasks[0]).toMatchObject({ kind: 'chat', status: 'done', priceFen: answer.chargedFen });
    expect(state.calls).toEqual([
      expect.objectContaining({ model: FAKE_MODEL, outcome: 'complete', usageSource: 'api', completionTokens: expect.any(Number) }),
    ]);

    const [request] = fake.requests;
    expect(request.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: '文献综述怎么写？' });
  });

  it('lists, loads and deletes only the owner’s conversations, newest first', async () => {
    const { token } = await chatUser(t);
    const first = body<Completion>(await ask(token, { content: '第一个问题' })).result;
    const second = body<Completion>(await ask(token, { content: '第二个问题' })).result;
    await ask(token, { conversationId: first.conversationId, content: '接着第一个问题' });

    const list = body<{ records: Array<{ id: string; messageCount: number }>; total: number }>(
      await post(t.app, `${CHAT}/query_list`, { token, query: { pageNo: 1, pageSize: 10 } }),
    ).result;
    expect(list.total).toBe(2);
    expect(list.records.map((r) => [r.id, r.messageCount])).toEqual([
      [first.conversationId, 4],
      [second.conversationId, 2],
    ]);

    const detail = body<{ messages: Array<{ role: string; replyTo: string | null; chargedFen: number }> }>(
      await post(t.app, `${CHAT}/load_by_id`, { token, query: { id: first.conversationId } }),
    ).result;
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[1]).toMatchObject({ replyTo: first.userMessageId, chargedFen: first.chargedFen });
    // The follow-up was asked with the first turn as context.
    expect(fake.requests.at(-1)?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    const stranger = await chatUser(t);
    for (const call of ['load_by_id', 'delete']) {
      const response = await post(t.app, `${CHAT}/${call}`, { token: stranger.token, query: { id: first.conversationId } });
      expect(response.statusCode).toBe(404);
      expect(body(response).error.message).toBe('对话不存在或已删除');
    }
    const intruding = await ask(stranger.token, { conversationId: first.conversationId, content: '我能看到吗' });
    expect(intruding.statusCode).toBe(404);
    expect((await chatState(t, stranger.userId)).tasks).toEqual([]);

    expect((await post(t.app, `${CHAT}/delete`, { token, query: { id: second.conversationId } })).statusCode).toBe(200);
    expect((await post(t.app, `${CHAT}/load_by_id`, { token, query: { id: second.conversationId } })).statusCode).toBe(404);
  });

  it('keeps the charges of a deleted conversation in the ledger', async () => {
    const { token, userId } = await chatUser(t);
    const answer = body<Completion>(await ask(token, { content: '你好' })).result;
    await post(t.app, `${CHAT}/delete`, { token, query: { id: answer.conversationId } });
    const state = await chatState(t, userId);
    expect(state.conversations).toEqual([]);
    expect(state.charges.map((c) => c.amountFen)).toEqual([-answer.chargedFen]);
  });

  it.each([
    ['empty', { content: '' }, 400],
    ['whitespace only', { content: ' \n\t　' }, 400],
    ['over 4 000 characters', { content: '字'.repeat(4001) }, 400],
    ['neither content nor retryOf', {}, 400],
    ['an unknown conversation', { conversationId: 'no-such-conversation', content: '你好' }, 404],
    ['an unknown message to retry', { retryOf: 'no-such-message' }, 404],
  ])('refuses %s with a Chinese message, storing and charging nothing', async (_, payload, status) => {
    const { token, userId } = await chatUser(t);
    const response = await ask(token, payload);
    expect(response.statusCode).toBe(status);
    expect(body(response).error.message).toMatch(/[\u4e00-\u9fff]/);
    const state = await chatState(t, userId);
    expect([state.conversations, state.tasks, state.charges]).toEqual([[], [], []]);
    expect(fake.requests).toEqual([]);
  });

  it('refuses a question when the balance cannot cover the longest answer, storing nothing', async () => {
    const { token, userId } = await chatUser(t, 79);
    const response = await ask(token, { content: '你好' });
    expect(response.statusCode).toBe(409);
    expect(body(response).error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: expect.stringContaining('0.80 元') });
    expect((await chatState(t, userId)).tasks).toEqual([]);
  });

  it('holds the balance of answers being written, so two at once cannot overdraw it', async () => {
    const { token, userId } = await chatUser(t, 100);
    const slow = ask(token, { content: '[[fake:slow-first-token=800]] 你好' });
    await fake.waitFor(() => true);
    const second = await ask(token, { content: '再问一个' });
    expect(second.statusCode).toBe(409);
    const first = body<Completion>(await slow).result;
    const state = await chatState(t, userId);
    expect(state.charges.map((c) => c.amountFen)).toEqual([-first.chargedFen]);
  });

  it('answers 504 when the model is too slow, 502 when it fails, storing and charging nothing', async () => {
    const quick = t;
    {
      const { token, userId } = await chatUser(quick);
      const late = await post(quick.app, `${CHAT}/completions`, { token, payload: { content: '[[fake:slow-first-token=5000]] 你好' } });
      expect(late.statusCode).toBe(504);
      expect(body(late).error).toEqual({ code: 'MODEL_TIMEOUT', message: '大模型服务响应超时，请稍后重试' });

      const broken = await post(quick.app, `${CHAT}/completions`, { token, payload: { content: '[[fake:500]] 你好' } });
      expect(broken.statusCode).toBe(502);
      expect(body(broken).error).toEqual({ code: 'MODEL_UNAVAILABLE', message: '大模型服务暂时不可用，请稍后重试' });

      const midway = await post(quick.app, `${CHAT}/completions`, { token, payload: { content: '[[fake:error-mid-stream=5]]' } });
      expect(midway.statusCode).toBe(502);

      const state = await chatState(quick, userId);
      expect(state.conversations).toEqual([]);
      expect(state.charges).toEqual([]);
      expect(state.tasks.map((task) => [task.status, task.priceFen])).toEqual([
        ['failed', 0],
        ['failed', 0],
        ['failed', 0],
      ]);
      expect(state.calls.map((c) => c.errorKind).sort()).toEqual(['timeout', 'upstream', 'upstream']);
    }
  });

  it('answers a stored question again (retryOf), keeping the earlier answer', async () => {
    const { token, userId } = await chatUser(t);
    const first = body<Completion>(await ask(token, { content: '什么是查重？' })).result;
    const again = await ask(token, { retryOf: first.messageId });
    expect(again.statusCode).toBe(200);
    const retried = body<Completion>(again).result;
    expect(retried).toMatchObject({ conversationId: first.conversationId, userMessageId: first.userMessageId });
    expect(retried.messageId).not.toBe(first.messageId);
    // The retried question is sent without its earlier answer.
    expect(fake.requests.at(-1)?.messages.map((m) => m.role)).toEqual(['system', 'user']);

    const state = await chatState(t, userId);
    expect(state.messages.map((m) => [m.role, m.replyTo])).toEqual([
      ['user', null],
      ['assistant', first.userMessageId],
      ['assistant', first.userMessageId],
    ]);
    expect(state.conversations[0].messageCount).toBe(3);

    const notLast = await ask(token, { retryOf: first.messageId });
    expect(notLast.statusCode).toBe(409);
    expect(body(notLast).error.code).toBe('CHAT_RETRY_NOT_LAST');
    const both = await ask(token, { retryOf: retried.messageId, content: '又问' });
    expect(both.statusCode).toBe(400);
    const stranger = await chatUser(t);
    expect((await ask(stranger.token, { retryOf: retried.messageId })).statusCode).toBe(404);
  });

  it('trims the context to CHAT_CONTEXT_TOKENS, oldest turns first, keeping the system prompt', async () => {
    const tight = t;
    {
      const { token } = await chatUser(tight);
      const long = (n: number) => `问题${n}：${'文本相似度计算方法比较。'.repeat(250)}`;
      const first = body<Completion>(await post(tight.app, `${CHAT}/completions`, { token, payload: { content: long(1) } })).result;
      for (const n of [2, 3]) {
        await post(tight.app, `${CHAT}/completions`, { token, payload: { conversationId: first.conversationId, content: long(n) } });
      }
      const sent = fake.requests.at(-1)?.messages ?? [];
      expect(sent[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
      expect(sent.at(-1)?.content).toBe(long(3));
      const questions = sent.filter((m) => m.role === 'user').map((m) => m.content.slice(0, 3));
      expect(questions).toEqual(['问题2', '问题3']);
    }
  });

  it('limits questions per user and minute (CHAT_RATE_LIMIT_PER_MINUTE)', async () => {
    const limited = await chatApp(fake, { CHAT_RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const { token } = await chatUser(limited);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await post(limited.app, `${CHAT}/completions`, { token, payload: { content: `问题${i}` } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const other = await chatUser(limited);
      expect((await post(limited.app, `${CHAT}/completions`, { token: other.token, payload: { content: '你好' } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('without a model endpoint', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('answers every call that needs a model 503 MODEL_NOT_CONFIGURED, storing and charging nothing', async () => {
    const { token, userId } = await chatUser(bare);
    for (const call of ['completions', 'completions_stream']) {
      const response = await post(bare.app, `${CHAT}/${call}`, { token, payload: { content: '你好' } });
      expect(response.statusCode).toBe(503);
      expect(body(response).error).toEqual({ code: 'MODEL_NOT_CONFIGURED', message: '未配置大模型服务，请联系管理员配置后再试' });
    }
    const state = await chatState(bare, userId);
    expect([state.conversations, state.tasks, state.charges]).toEqual([[], [], []]);
    // Validation and sign-in still come first; reading the history needs no model.
    expect((await post(bare.app, `${CHAT}/completions`, { payload: { content: '你好' } })).statusCode).toBe(401);
    expect((await post(bare.app, `${CHAT}/completions`, { token, payload: { content: '' } })).statusCode).toBe(400);
    expect((await post(bare.app, `${CHAT}/query_list`, { token })).statusCode).toBe(200);
  });

  it('says so before anyone types: capabilities and health', async () => {
    const caps = body<{ services: { chat: unknown; check: unknown } }>(
      await bare.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' }),
    ).result;
    expect(caps.services.chat).toEqual({ available: false, reason: '未配置大模型服务，请联系管理员配置后再试' });
    expect(caps.services.check).toEqual({ available: true, reason: null });
    const health = body<{ model: unknown }>(await bare.app.inject({ method: 'GET', url: '/api/health' })).result;
    expect(health.model).toEqual({ configured: false, models: { chat: null, rewrite: null, writing: null, slides: null } });
  });

  it('offers chat and names the models, never the endpoint or key, once one is configured', async () => {
    const configured = await createTestApp({
      LLM_BASE_URL: 'http://user:secret-pass@127.0.0.1:9/v1',
      LLM_API_KEY: 'sk-secret-key',
      LLM_MODEL: 'deepseek-chat',
      LLM_MODEL_WRITING: 'deepseek-reasoner',
    });
    try {
      const caps = body<{ services: { chat: unknown } }>(
        await configured.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' }),
      ).result;
      expect(caps.services.chat).toEqual({ available: true, reason: null });
      const response = await configured.app.inject({ method: 'GET', url: '/api/health' });
      expect(body(response).result).toMatchObject({
        model: { configured: true, models: { chat: 'deepseek-chat', rewrite: 'deepseek-chat', writing: 'deepseek-reasoner', slides: 'deepseek-chat' } },
      });
      expect(response.body).not.toMatch(/secret|127\.0\.0\.1:9/);
    } finally {
      await configured.close();
    }
  });
});

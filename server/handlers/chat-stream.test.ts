import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countChars } from '@common/char-count';
import type { TestApp } from '../test/app';
import { CHAT, chatApp, chatState, chatUser } from '../test/chat';
import { answerFor, type FakeLlm, startFakeLlm, tokenize } from '../test/fake-llm';

// completions_stream over a real socket (the server listens on a port): the events as the contract
// describes them, faults mid-stream, and a client that goes away. After each, the stored message and the
// ledger agree, and nothing that was not delivered is charged.
const price = (content: string) => (content === '' ? 0 : Math.ceil(countChars(content) / 1000) * 10);

type StreamEvent = { type: string; content?: string; code?: string; message?: string; status?: string; chargedFen?: number } & Record<
  string,
  unknown
>;

let fake: FakeLlm;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await chatApp(fake, { LLM_TIMEOUT_MS: 2000 });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  // fetch (undici) may keep a spare connection open after an aborted request, which close() would wait for.
  t.app.server.closeAllConnections();
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

function open(token: string, payload: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(`${baseUrl}${CHAT}/completions_stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
    signal,
  });
}

/** Reads events until the stream ends, or until `until` says to stop reading (the caller then aborts). */
async function readEvents(response: Response, until?: (events: StreamEvent[]) => boolean): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const parser = createParser({ onEvent: ({ data }) => events.push(JSON.parse(data) as StreamEvent) });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    parser.feed(decoder.decode(value, { stream: true }));
    if (until?.(events)) return events;
  }
}

const text = (events: StreamEvent[]) =>
  events
    .filter((e) => e.type === 'delta')
    .map((e) => e.content)
    .join('');

/** The stored answer, its task's charge in the ledger and the message's own figure all say the same. */
async function expectAgreement(userId: string) {
  const state = await chatState(t, userId);
  const answer = state.messages.find((m) => m.role === 'assistant');
  expect(answer).toBeDefined();
  const charged = state.charges.filter((c) => c.taskId === answer?.taskId).reduce((sum, c) => sum - c.amountFen, 0);
  expect(charged).toBe(answer?.chargedFen);
  expect(answer?.chargedFen).toBe(price(answer?.content ?? ''));
  expect(state.tasks.find((task) => task.id === answer?.taskId)?.priceFen).toBe(answer?.chargedFen);
  return { state, answer: answer as NonNullable<typeof answer> };
}

describe('completions_stream', () => {
  it('streams start, the answer in pieces and done; what was streamed is what is stored and charged', async () => {
    const { token, userId } = await chatUser(t);
    const response = await open(token, { content: '请介绍文献综述的结构' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const events = await readEvents(response);

    const [start, ...rest] = events;
    expect(start).toEqual({
      type: 'start',
      conversationId: expect.any(String),
      userMessageId: expect.any(String),
      messageId: expect.any(String),
      title: '请介绍文献综述的结构',
    });
    const done = rest.at(-1);
    expect(rest.slice(0, -1).every((e) => e.type === 'delta')).toBe(true);
    expect(text(events)).toBe(answerFor('请介绍文献综述的结构'));
    expect(done).toEqual({
      type: 'done',
      conversationId: start.conversationId,
      messageId: start.messageId,
      status: 'complete',
      chargedFen: price(text(events)),
    });

    const { answer } = await expectAgreement(userId);
    expect(answer).toMatchObject({ id: start.messageId, content: text(events), status: 'complete' });
  });

  it('keeps the part delivered before the model failed, marked failed, and charges only that', async () => {
    const { token, userId } = await chatUser(t);
    const events = await readEvents(await open(token, { content: '[[fake:error-mid-stream=5]] 你好' }));
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(5);
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      code: 'MODEL_UNAVAILABLE',
      message: '大模型服务暂时不可用，请稍后重试（已保存收到的部分）',
      status: 'failed',
      chargedFen: price(text(events)),
    });
    const { answer, state } = await expectAgreement(userId);
    expect(answer).toMatchObject({ status: 'failed', content: text(events) });
    expect(state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(fake.requests).toHaveLength(1);
  });

  it('ends with a timeout event when the model stops sending, keeping what arrived', async () => {
    const { token, userId } = await chatUser(t);
    const events = await readEvents(await open(token, { content: '[[fake:hang=4]] 你好' }));
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'MODEL_TIMEOUT', status: 'failed' });
    const { answer } = await expectAgreement(userId);
    expect(tokenize(answer.content)).toHaveLength(4);
    await fake.waitFor((r) => r.aborted);
  });

  it('answers with the JSON envelope, storing and charging nothing, when the model fails before its first token', async () => {
    const { token, userId } = await chatUser(t);
    const response = await open(token, { content: '[[fake:500]] 你好' });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: 'MODEL_UNAVAILABLE', message: '大模型服务暂时不可用，请稍后重试' },
    });
    const state = await chatState(t, userId);
    expect([state.conversations, state.messages, state.charges]).toEqual([[], [], []]);
    expect(state.tasks.map((task) => task.status)).toEqual(['failed']);
  });

  it('stores the question while the model thinks, and takes it back out when no answer comes', async () => {
    const { token, userId } = await chatUser(t);
    const first = await readEvents(await open(token, { content: '你好' }));
    const conversationId = first[0].conversationId as string;
    const before = await chatState(t, userId);
    expect(before.conversations[0].messageCount).toBe(2);

    // Stored as soon as the model is asked: the start event then needs no database write after the first token.
    fake.script('slow-first-token=300');
    const answered = open(token, { conversationId, content: '再说说研究方法' }).then(readEvents);
    await fake.waitFor((r) => r.messages.at(-1)?.content === '再说说研究方法');
    let during = await chatState(t, userId);
    for (let i = 0; i < 20 && during.messages.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      during = await chatState(t, userId);
    }
    expect(during.messages.map((m) => m.content).at(-1)).toBe('再说说研究方法');
    expect((await answered).at(-1)).toMatchObject({ type: 'done', status: 'complete' });

    // A model that fails before its first token: the question goes again, the conversation is as it was.
    const settled = await chatState(t, userId);
    const failed = await open(token, { conversationId, content: '[[fake:500]] 还有吗' });
    expect(failed.status).toBe(502);
    const after = await chatState(t, userId);
    expect(after.messages.map((m) => m.id)).toEqual(settled.messages.map((m) => m.id));
    expect(after.conversations).toEqual(settled.conversations);
    expect(after.charges).toEqual(settled.charges);
  });

  it('stops the model when the client goes away, keeping the delivered part as stopped and charging only it', async () => {
    const { token, userId } = await chatUser(t);
    const controller = new AbortController();
    const response = await open(token, { content: '[[fake:slow=40]] [[fake:long]] 你好' }, controller.signal);
    const events = await readEvents(response, (seen) => seen.filter((e) => e.type === 'delta').length >= 6);
    controller.abort();
    const received = text(events);

    const upstream = await fake.waitFor((r) => r.aborted);
    expect(upstream.tokens).toBeLessThan(tokenize(answerFor('你好', new Map([['long', undefined]]))).length);
    let stored: Awaited<ReturnType<typeof expectAgreement>>['answer'] | undefined;
    for (let i = 0; i < 100 && !stored; i++) {
      stored = (await chatState(t, userId)).messages.find((m) => m.role === 'assistant');
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { answer, state } = await expectAgreement(userId);
    expect(answer.status).toBe('stopped');
    // At least what the client read, and never more than the model sent.
    expect(answer.content.startsWith(received)).toBe(true);
    expect(tokenize(answer.content).length).toBeLessThanOrEqual(upstream.tokens);
    expect(state.tasks[0].status).toBe('cancelled');
    expect(state.calls).toEqual([expect.objectContaining({ outcome: 'aborted', usageSource: 'counted' })]);
  });

  it('stores nothing and charges nothing when the client of a JSON answer goes away', async () => {
    const { token, userId } = await chatUser(t);
    const controller = new AbortController();
    const pending = fetch(`${baseUrl}${CHAT}/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: '[[fake:slow=40]] [[fake:long]] 你好' }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await fake.waitFor((r) => r.tokens >= 3);
    controller.abort();
    await pending;
    await fake.waitFor((r) => r.aborted);
    let state = await chatState(t, userId);
    for (let i = 0; i < 100 && state.tasks[0]?.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await chatState(t, userId);
    }
    expect(state.tasks.map((task) => [task.status, task.priceFen])).toEqual([['cancelled', 0]]);
    expect([state.conversations, state.charges]).toEqual([[], []]);
  });
});

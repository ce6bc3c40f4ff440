import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmGateway, type LlmGateway, llmSettings } from '../engines/llm';
import { body, createTestApp, post, type TestApp, testConfig } from '../test/app';
import { CHAT, chatUser } from '../test/chat';
import { FAKE_MODEL, type FakeLlm, type FakeRequest, startFakeLlm } from '../test/fake-llm';

// One account must not hold the model (issue 21): ten slow chat questions from one account used to take
// every one of the 8 model slots, and another account's question waited LLM_QUEUE_TIMEOUT_MS for a slot and
// got 503 MODEL_BUSY. Now an account has LLM_ACCOUNT_CONCURRENCY slots, LLM_ACCOUNT_QUEUE more of its calls
// may wait, and the rest are refused at once with 429 MODEL_ACCOUNT_BUSY; the other account is answered.

const ACCOUNT_SLOTS = 4;
const SLOW = '[[fake:slow-first-token=2500]]';

let fake: FakeLlm;
let t: TestApp;
let gateway: LlmGateway;

beforeAll(async () => {
  fake = await startFakeLlm();
  const overrides = {
    LLM_BASE_URL: fake.url,
    LLM_MODEL: FAKE_MODEL,
    LLM_MAX_RETRIES: 0,
    LLM_CONCURRENCY: 8,
    LLM_ACCOUNT_CONCURRENCY: ACCOUNT_SLOTS,
    LLM_ACCOUNT_QUEUE: 4,
    LLM_QUEUE_TIMEOUT_MS: 500,
  };
  // The app's own gateway, so the test can see when all of the flood's calls have reached it.
  gateway = createLlmGateway(llmSettings(testConfig(overrides)));
  t = await createTestApp(overrides, { llm: gateway });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const ask = (token: string, content: string) => post(t.app, `${CHAT}/completions`, { token, payload: { content } });

/** The most requests the fake model was answering at the same moment. */
function mostAtOnce(requests: FakeRequest[]): number {
  const edges = requests.flatMap((r) => [
    { at: r.receivedAt, step: 1 },
    { at: r.lastTokenAt ?? Number.POSITIVE_INFINITY, step: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (now += edge.step));
  return most;
}

describe('model calls shared fairly between accounts', () => {
  it("answers a second account's question while one account floods the model with slow ones", async () => {
    const flooder = await chatUser(t);
    const other = await chatUser(t);
    let settled = 0;
    const flood = Array.from({ length: 10 }, (_, i) =>
      ask(flooder.token, `第 ${i} 个慢问题 ${SLOW}`).finally(() => {
        settled++;
      }),
    );
    // Every flood call is running, waiting for a slot, or already refused.
    const deadline = Date.now() + 20_000;
    while (gateway.load().active + gateway.load().queued + settled < 10) {
      if (Date.now() > deadline) throw new Error(`the flood did not reach the gateway: ${JSON.stringify(gateway.load())}, ${settled} settled`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const answer = await ask(other.token, '文献综述怎么写？');
    expect(answer.statusCode).toBe(200);
    expect(body<{ content: string }>(answer).result.content).not.toBe('');

    const flooded = await Promise.all(flood);
    const floodCalls = fake.requests.filter((r) => r.messages.some((m) => m.content.includes(SLOW)));
    expect(mostAtOnce(floodCalls)).toBeLessThanOrEqual(ACCOUNT_SLOTS);
    const codes = flooded.map((r) => (r.statusCode === 200 ? 'ok' : body(r).error.code));
    expect(codes.filter((c) => c === 'ok').length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 'MODEL_ACCOUNT_BUSY').length).toBeGreaterThan(0);
    const refused = flooded.find((r) => r.statusCode === 429);
    expect(body(refused!).error.message).toBe('您同时进行的大模型请求已达上限，请等当前的回答或任务完成后再试');
    expect(refused!.headers['retry-after']).toBe('5');
  }, 60_000);
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerFor, FAKE_MODEL, type FakeLlm, startFakeLlm, tokenize } from '../../test/fake-llm';
import { LlmError } from './errors';
import { createLlmGateway } from './gateway';
import type { LlmSettings } from './settings';
import type { LlmCallRecord, LlmRequest } from './types';

// The gateway against the fake OpenAI-compatible server (a real HTTP server on loopback).
let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function settings(overrides: Partial<LlmSettings> = {}): LlmSettings {
  return {
    baseUrl: fake.url,
    apiKey: undefined,
    models: { chat: FAKE_MODEL, rewrite: FAKE_MODEL, writing: undefined, slides: undefined },
    timeoutMs: 20_000,
    firstTokenTimeoutMs: 10_000,
    maxRetries: 2,
    concurrency: 4,
    accountConcurrency: 2,
    accountQueue: 2,
    queueTimeoutMs: 1000,
    ...overrides,
  };
}

const ask = (content: string, extra: Partial<LlmRequest> = {}): LlmRequest => ({
  feature: 'chat',
  messages: [
    { role: 'system', content: '你是学术写作助手。' },
    { role: 'user', content },
  ],
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('the model gateway', () => {
  it('streams the answer in pieces, in order, with the usage the endpoint reports', async () => {
    const records: LlmCallRecord[] = [];
    const gateway = createLlmGateway(settings(), { onCall: (r) => void records.push(r) });
    const call = gateway.stream(ask('文献综述怎么写？', { taskId: 'task-1' }));
    const pieces: string[] = [];
    for await (const delta of call) pieces.push(delta.content);

    const expected = answerFor('文献综述怎么写？');
    expect(pieces.length).toBe(tokenize(expected).length);
    expect(pieces.join('')).toBe(expected);
    const record = await call.record;
    expect(record).toMatchObject({ outcome: 'complete', finishReason: 'stop', taskId: 'task-1', model: FAKE_MODEL, attempts: 1 });
    const [request] = fake.requests;
    expect(request).toMatchObject({ stream: true, includeUsage: true, model: FAKE_MODEL });
    expect(record.usage).toEqual({ source: 'api', promptTokens: expect.any(Number), completionTokens: pieces.length });
    expect(records).toEqual([record]);
  });

  it('counts the tokens itself, and says so, when the endpoint reports no usage', async () => {
    const gateway = createLlmGateway(settings());
    const answer = await gateway.complete(ask('你好 [[fake:no-usage]]'));
    expect(answer.record.usage.source).toBe('counted');
    expect(answer.record.usage.completionTokens).toBeGreaterThan(10);
    expect(answer.record.usage.promptTokens).toBeGreaterThan(5);
  });

  it('passes max_tokens and reports an answer cut by it', async () => {
    const gateway = createLlmGateway(settings());
    const answer = await gateway.complete(ask('你好', { maxTokens: 7 }));
    expect(fake.requests[0].maxTokens).toBe(7);
    expect(answer.content).toBe(tokenize(answerFor('你好')).slice(0, 7).join(''));
    expect(answer.record.finishReason).toBe('length');
  });

  it('retries a 429 after the Retry-After the endpoint named, then answers', async () => {
    const gateway = createLlmGateway(settings());
    const answer = await gateway.complete(ask('请回答 [[fake:429-then-ok=1]]'));
    expect(answer.content).toBe(answerFor('请回答'));
    expect(answer.record.attempts).toBe(2);
    const [first, second] = fake.requests;
    expect([first.status, second.status]).toEqual([429, 200]);
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(1000);
  });

  it('honours retry-after-ms too', async () => {
    const gateway = createLlmGateway(settings());
    await gateway.complete(ask('请回答 [[fake:429-then-ok=300ms]]'));
    const [first, second] = fake.requests;
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(300);
  });

  it('gives up after LLM_MAX_RETRIES retries of a failing endpoint', async () => {
    const gateway = createLlmGateway(settings({ maxRetries: 1 }));
    const error = await failure(gateway.complete(ask('[[fake:500]]')));
    expect(error.kind).toBe('upstream');
    expect(error.status).toBe(500);
    expect(error.message).toBe('大模型服务暂时不可用，请稍后重试');
    expect(fake.requests).toHaveLength(2);
  });

  it('never replays an answer that failed after its first token', async () => {
    const gateway = createLlmGateway(settings());
    const pieces: string[] = [];
    const call = gateway.stream(ask('[[fake:error-mid-stream=5]]'));
    const error = await failure(
      (async () => {
        for await (const delta of call) pieces.push(delta.content);
      })(),
    );
    expect(pieces).toHaveLength(5);
    expect(error).toMatchObject({ kind: 'upstream', delivered: true });
    expect(fake.requests).toHaveLength(1);
    expect(await call.record).toMatchObject({ outcome: 'failed', errorKind: 'upstream', content: pieces.join('') });
  });

  it('fails with a timeout when the first token is late, and stops the upstream request', async () => {
    const gateway = createLlmGateway(settings({ firstTokenTimeoutMs: 500, maxRetries: 0 }));
    const error = await failure(gateway.complete(ask('[[fake:slow-first-token=5000]]')));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('大模型服务响应超时，请稍后重试');
    await fake.waitFor((r) => r.aborted);
  });

  it('fails with a timeout when the whole answer takes longer than LLM_TIMEOUT_MS, keeping what arrived', async () => {
    const gateway = createLlmGateway(settings({ timeoutMs: 1000 }));
    const call = gateway.stream(ask('[[fake:hang=3]]'));
    let received = '';
    const error = await failure(
      (async () => {
        for await (const delta of call) received += delta.content;
      })(),
    );
    expect(error).toMatchObject({ kind: 'timeout', delivered: true });
    expect((await call.record).content).toBe(received);
    expect(tokenize(received)).toHaveLength(3);
    await fake.waitFor((r) => r.aborted);
  });

  it('stops the upstream request when the caller aborts', async () => {
    const gateway = createLlmGateway(settings());
    const controller = new AbortController();
    const call = gateway.stream(ask('[[fake:slow=50]] [[fake:long]]', { signal: controller.signal }));
    let pieces = 0;
    const error = await failure(
      (async () => {
        for await (const delta of call) {
          if (delta.content && ++pieces === 3) controller.abort();
        }
      })(),
    );
    expect(error.kind).toBe('aborted');
    const upstream = await fake.waitFor((r) => r.aborted);
    expect(upstream.finished).toBe(false);
    expect((await call.record).outcome).toBe('aborted');
  });

  it('stops the upstream request when the caller stops reading', async () => {
    const gateway = createLlmGateway(settings());
    const call = gateway.stream(ask('[[fake:slow=50]] [[fake:long]]'));
    for await (const delta of call) if (delta.content) break;
    await fake.waitFor((r) => r.aborted);
    expect((await call.record).outcome).toBe('aborted');
  });

  it('reports a malformed chunk and a reset connection as failures', async () => {
    const gateway = createLlmGateway(settings({ maxRetries: 0 }));
    expect((await failure(gateway.complete(ask('[[fake:malformed-chunk=3]]')))).kind).toBe('bad_response');
    expect(await failure(gateway.complete(ask('[[fake:reset=3]]')))).toMatchObject({ kind: 'connection', delivered: true });
  });

  it('retries a connection lost before the first token', async () => {
    const gateway = createLlmGateway(settings());
    fake.script('reset=0');
    const answer = await gateway.complete(ask('你好'));
    expect(answer.content).toBe(answerFor('你好'));
    expect(answer.record.attempts).toBe(2);
  });

  it('passes log-probabilities through when asked', async () => {
    const gateway = createLlmGateway(settings());
    const answer = await gateway.complete(ask('你好', { topLogprobs: 2 }));
    expect(fake.requests[0]).toMatchObject({ logprobs: true, topLogprobs: 2 });
    expect(answer.logprobs).toHaveLength(tokenize(answerFor('你好')).length);
    expect(answer.logprobs[0]).toEqual({
      token: expect.any(String),
      logprob: expect.any(Number),
      topLogprobs: [expect.objectContaining({ token: answer.logprobs[0].token }), expect.any(Object)],
    });
  });

  it('probes whether the endpoint offers log-probabilities, once per model', async () => {
    const gateway = createLlmGateway(settings());
    expect(await gateway.supportsLogprobs('chat')).toBe(true);
    expect(await gateway.supportsLogprobs('rewrite')).toBe(true);
    expect(fake.requests).toHaveLength(1);

    for (const behaviour of ['ignored', 'rejected'] as const) {
      const other = await startFakeLlm({ logprobs: behaviour });
      try {
        expect(await createLlmGateway({ ...settings(), baseUrl: other.url }).supportsLogprobs('chat')).toBe(false);
      } finally {
        await other.close();
      }
    }
  });

  it('runs at most LLM_CONCURRENCY calls; a caller waits at most LLM_QUEUE_TIMEOUT_MS for a slot', async () => {
    const gateway = createLlmGateway(settings({ concurrency: 1, queueTimeoutMs: 200 }));
    const controller = new AbortController();
    const first = gateway.stream(ask('[[fake:hang]]', { signal: controller.signal }));
    const running = (async () => {
      for await (const _ of first) void _;
    })().catch((e: unknown) => e);
    await fake.waitFor(() => true);
    expect(gateway.load()).toEqual({ active: 1, queued: 0 });

    const busy = await failure(gateway.complete(ask('你好')));
    expect(busy.kind).toBe('busy');
    expect(busy.message).toBe('大模型服务繁忙，请稍后再试');
    expect(fake.requests).toHaveLength(1);

    controller.abort();
    expect(await running).toMatchObject({ kind: 'aborted' });
    expect((await gateway.complete(ask('你好'))).content).toBe(answerFor('你好'));
  });

  it("makes an account's calls through forAccount share that account's slots, and leaves other accounts theirs", async () => {
    const gateway = createLlmGateway(settings({ concurrency: 4, accountConcurrency: 1, accountQueue: 0 }));
    const controller = new AbortController();
    const held = gateway.forAccount('user-a').stream(ask('[[fake:hang]]', { signal: controller.signal }));
    const running = (async () => {
      for await (const _ of held) void _;
    })().catch((e: unknown) => e);
    await fake.waitFor(() => true);

    const refused = await failure(gateway.forAccount('user-a').complete(ask('你好')));
    expect(refused.kind).toBe('account_busy');
    expect((await gateway.forAccount('user-b').complete(ask('你好'))).content).toBe(answerFor('你好'));
    // A job of the same account waits for its turn instead of being refused.
    const job = gateway.forAccount('user-a', { background: true }).complete(ask('你好'));
    controller.abort();
    await running;
    expect((await job).content).toBe(answerFor('你好'));
  });

  it('names the model per feature and refuses calls for a feature without one', async () => {
    const gateway = createLlmGateway(settings());
    expect(gateway.models()).toEqual({ chat: FAKE_MODEL, rewrite: FAKE_MODEL, writing: null, slides: null });
    expect(gateway.configured('writing')).toBe(false);
    expect((await failure(gateway.complete({ ...ask('你好'), feature: 'writing' }))).message).toBe(
      '未配置大模型服务，请联系管理员配置后再试',
    );
    const unconfigured = createLlmGateway({ ...settings(), baseUrl: undefined });
    expect(unconfigured.configured('chat')).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it('tells a wrong key and an unknown model apart', async () => {
    const guarded = await startFakeLlm({ apiKey: 'sk-right' });
    try {
      const wrongKey = createLlmGateway({ ...settings(), baseUrl: guarded.url, apiKey: 'sk-wrong' });
      expect(await failure(wrongKey.complete(ask('你好')))).toMatchObject({ kind: 'auth', status: 401 });
      const rightKey = createLlmGateway({ ...settings(), baseUrl: guarded.url, apiKey: 'sk-right' });
      expect((await rightKey.complete(ask('你好'))).content).toBe(answerFor('你好'));
      const unknownModel = createLlmGateway({ ...settings({ models: { ...settings().models, chat: 'gpt-x' } }), baseUrl: guarded.url, apiKey: 'sk-right' });
      expect(await failure(unknownModel.complete(ask('你好')))).toMatchObject({ kind: 'not_found', status: 404 });
    } finally {
      await guarded.close();
    }
  });
});

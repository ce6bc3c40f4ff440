import { createServer } from 'node:net';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { type LlmCheck, registerLlmCommands } from './llm';

// `npm run cli -- llm check` in-process, against the fake model (a real HTTP server on loopback), configured
// through the environment as an operator would.
const LLM_KEYS = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL', 'LLM_MODEL_CHAT', 'LLM_MODEL_REWRITE', 'LLM_MODEL_WRITING', 'LLM_MODEL_SLIDES'];
const saved = Object.fromEntries(LLM_KEYS.map((k) => [k, process.env[k]]));
let fake: FakeLlm;
let guarded: FakeLlm;
let noLogprobs: FakeLlm;

beforeAll(async () => {
  [fake, guarded, noLogprobs] = await Promise.all([
    startFakeLlm(),
    startFakeLlm({ apiKey: 'sk-right' }),
    startFakeLlm({ logprobs: 'rejected' }),
  ]);
});
afterAll(async () => {
  await Promise.all([fake.close(), guarded.close(), noLogprobs.close()]);
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

function configure(env: Partial<Record<(typeof LLM_KEYS)[number], string>>): void {
  for (const k of LLM_KEYS) delete process.env[k];
  Object.assign(process.env, env);
}

async function run(...args: string[]): Promise<{ out: string; err: string; exitCode: number }> {
  process.exitCode = undefined;
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...v: unknown[]) => void out.push(v.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...v: unknown[]) => void err.push(v.join(' ')));
  const program = new Command().exitOverride();
  registerLlmCommands(program);
  await program.parseAsync(['llm', 'check', ...args], { from: 'user' });
  const exitCode = Number(process.exitCode ?? 0);
  return { out: out.join('\n'), err: err.join('\n'), exitCode };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('llm check', () => {
  it('prints the model, its latency, streaming and log-probability support, asking the endpoint for real', async () => {
    configure({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL });
    fake.reset();
    const { out, exitCode } = await run();
    expect(exitCode).toBe(0);
    expect(out).toContain(`大模型服务：${fake.url}`);
    expect(out).toContain(`模型 ${FAKE_MODEL}（用于：对话、降重改写、论文写作、PPT）`);
    expect(out).toMatch(/连通：成功，首个片段 \d+ ms，完整回答 \d+ ms/);
    expect(out).toMatch(/流式输出：支持（回答分 \d+ 个片段到达）/);
    expect(out).toContain('对数概率（logprobs）：支持');
    expect(out).toMatch(/用量：提示 \d+ \+ 回答 16 tokens（服务返回）/);
    // One streamed question, then the log-probability probe.
    expect(fake.requests.map((r) => ({ stream: r.stream, logprobs: r.logprobs, model: r.model }))).toEqual([
      { stream: true, logprobs: false, model: FAKE_MODEL },
      { stream: true, logprobs: true, model: FAKE_MODEL },
    ]);
  });

  it('--json gives one object per distinct model, with the features using it', async () => {
    configure({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MODEL_CHAT: 'deepseek-chat' });
    const { out, exitCode } = await run('--json');
    const check = JSON.parse(out) as LlmCheck;
    expect(exitCode).toBe(1);
    expect(check.models.map((m) => [m.model, m.features, m.ok])).toEqual([
      ['deepseek-chat', ['chat'], false],
      [FAKE_MODEL, ['rewrite', 'writing', 'slides'], true],
    ]);
    const good = check.models[1];
    expect(good).toMatchObject({ streaming: true, logprobs: true, usage: { completionTokens: 16, source: 'api' } });
    expect(good.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(good.totalMs).toBeGreaterThanOrEqual(good.firstTokenMs ?? 0);
    expect(check.models[0].error).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('says when the endpoint refuses log-probabilities', async () => {
    configure({ LLM_BASE_URL: noLogprobs.url, LLM_MODEL: FAKE_MODEL });
    const { out, exitCode } = await run();
    expect(exitCode).toBe(0);
    expect(out).toContain('对数概率（logprobs）：不支持');
  });

  it('without an endpoint says what to set, and fails', async () => {
    configure({});
    const { out, err, exitCode } = await run();
    expect(exitCode).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^未配置大模型服务：请设置 LLM_BASE_URL 和 LLM_MODEL/);
  });

  it('an unreachable endpoint: cannot connect, check the address', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    configure({ LLM_BASE_URL: url, LLM_MODEL: FAKE_MODEL });
    const { out, exitCode } = await run();
    expect(exitCode).toBe(1);
    expect(out).toContain('失败：无法连接大模型服务');
    expect(out).toContain(`连不上 ${url}：检查 LLM_BASE_URL 的地址和端口`);
    expect(out).not.toContain('连通：成功');
  });

  it('a wrong key: 401, check LLM_API_KEY, and the key itself is never printed', async () => {
    configure({ LLM_BASE_URL: guarded.url, LLM_MODEL: FAKE_MODEL, LLM_API_KEY: 'sk-wrong-secret' });
    const { out, exitCode } = await run();
    expect(exitCode).toBe(1);
    expect(out).toContain('服务拒绝了密钥（HTTP 401）：检查 LLM_API_KEY');
    expect(out).not.toContain('sk-wrong-secret');

    configure({ LLM_BASE_URL: guarded.url, LLM_MODEL: FAKE_MODEL, LLM_API_KEY: 'sk-right' });
    const right = await run();
    expect(right.exitCode).toBe(0);
    expect(right.out).not.toContain('sk-right');
  });

  it('a model the endpoint does not serve: names the ones it lists', async () => {
    configure({ LLM_BASE_URL: fake.url, LLM_MODEL: 'gpt-4o' });
    const { out, exitCode } = await run();
    expect(exitCode).toBe(1);
    expect(out).toContain('失败：大模型服务找不到配置的模型');
    expect(out).toContain(`该服务没有模型 gpt-4o：检查 LLM_MODEL。它提供的模型：${FAKE_MODEL}`);
  });

  it('a base URL without the API path: 404 on the route, check LLM_BASE_URL', async () => {
    configure({ LLM_BASE_URL: fake.url.replace(/\/v1$/, ''), LLM_MODEL: FAKE_MODEL });
    const { out, exitCode } = await run();
    expect(exitCode).toBe(1);
    expect(out).toContain('LLM_BASE_URL 是否带上了接口路径（多为 /v1）');
  });

  it('a model that never answers: times out within --timeout-ms', async () => {
    configure({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL });
    fake.script('hang');
    const started = Date.now();
    const { out, exitCode } = await run('--timeout-ms', '800');
    expect(exitCode).toBe(1);
    expect(out).toContain('失败：大模型服务响应超时');
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(run('--timeout-ms', 'soon')).rejects.toThrow('--timeout-ms“soon”无效');
  });
});

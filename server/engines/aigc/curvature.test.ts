import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../../test/fake-llm';
import { createLlmGateway } from '../llm/gateway';
import type { LlmSettings } from '../llm/settings';
import type { LlmTokenLogprob } from '../llm/types';
import { curvature, detectAigc, detectAigcWithModel } from './index';
import { tokensSpelling } from './curvature';

const token = (text: string, logprob: number, alternatives: number[]): LlmTokenLogprob => ({
  token: text,
  logprob,
  topLogprobs: [{ token: text, logprob }, ...alternatives.map((lp, i) => ({ token: `alt${i}`, logprob: lp }))],
});

describe('curvature (Fast-DetectGPT style, from top log-probabilities)', () => {
  it('is high when the text takes the likely tokens and low when it takes unlikely ones', () => {
    const likely = Array.from({ length: 10 }, () => token('的', -0.1, [-2.5, -3, -4]));
    const unlikely = Array.from({ length: 10 }, () => token('兮', -4, [-0.1, -2.5, -3]));
    expect(curvature(likely)).toBeGreaterThan(1);
    expect(curvature(unlikely)).toBeLessThan(-1);
  });

  it('matches the analytic formula on a small case', () => {
    // Two alternatives with equal probability: E[log p] = log 0.5, Var = 0, so only the floor of the variance is left.
    const tokens = Array.from({ length: 8 }, () => token('a', Math.log(0.5), [Math.log(0.25)]));
    // Renormalised: p = 2/3, 1/3; the token takes log(2/3).
    const p = [2 / 3, 1 / 3];
    const mean = p[0] * Math.log(p[0]) + p[1] * Math.log(p[1]);
    const variance = p[0] * Math.log(p[0]) ** 2 + p[1] * Math.log(p[1]) ** 2 - mean ** 2;
    expect(curvature(tokens)).toBeCloseTo((8 * (Math.log(p[0]) - mean)) / Math.sqrt(8 * variance), 9);
  });

  it('gives no score for too few tokens or tokens without alternatives', () => {
    expect(curvature(Array.from({ length: 3 }, () => token('的', -0.1, [-2])))).toBeNull();
    expect(curvature(Array.from({ length: 20 }, () => token('的', -0.1, [])))).toBeNull();
  });

  it('measures only the tokens of a copy that spell the paragraph', () => {
    const tokens = ['好的：', '本', '文', '研', '究', '。'].map((t) => token(t, -0.5, [-1]));
    expect(tokensSpelling(tokens, '本文研究。')?.map((t) => t.token)).toEqual(['本', '文', '研', '究', '。']);
    expect(tokensSpelling(tokens, '另一段')).toBeNull();
  });
});

describe('detectAigcWithModel against the fake model', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const settings = (baseUrl: string, chat: string | null = FAKE_MODEL): LlmSettings => ({
    baseUrl,
    apiKey: undefined,
    models: { chat: chat ?? undefined, rewrite: undefined, writing: undefined, slides: undefined },
    timeoutMs: 10_000,
    firstTokenTimeoutMs: 5_000,
    maxRetries: 0,
    concurrency: 2,
    accountConcurrency: 1,
    accountQueue: 4,
    queueTimeoutMs: 1000,
  });
  // Paragraphs of at most 40 characters: the fake quotes a question that short whole in its answer.
  const text = ['本研究采用问卷调查法，分析了大学生的学习投入情况。', '结果表明，行为投入对学业成绩有显著的正向作用。', '室友劝我别熬夜，可作业真写不完啊，明天再说吧。'].join('\n');

  it('asks for top log-probabilities of a copy of each paragraph and combines the curvature', async () => {
    const gateway = createLlmGateway(settings(fake.url));
    const report = await detectAigcWithModel(text, gateway, { taskId: 'task-aigc' });
    const offline = detectAigc(text);
    expect(report.detector.llm).toBe(true);
    const asked = fake.requests.filter((r) => r.messages.some((m) => m.role === 'system' && m.content.includes('逐字照抄')));
    expect(asked).toHaveLength(3);
    expect(asked.every((r) => r.logprobs && r.topLogprobs === 5)).toBe(true);
    expect(asked.map((r) => r.messages.at(-1)?.content).sort()).toEqual(text.split('\n').sort());
    // The fake always takes its most likely token, so every paragraph reads as more machine-like.
    report.paragraphs.forEach((p, i) => {
      expect(p.score).toBeGreaterThan(offline.paragraphs[i].score);
      expect(p.start).toBe(offline.paragraphs[i].start);
    });
    expect(report.score).toBeGreaterThan(offline.score);
  });

  it('falls back to the offline score when the endpoint sends no log-probabilities or refuses them', async () => {
    for (const logprobs of ['ignored', 'rejected'] as const) {
      const other = await startFakeLlm({ logprobs });
      try {
        const report = await detectAigcWithModel(text, createLlmGateway(settings(other.url)));
        expect(report).toEqual(detectAigc(text));
        expect(report.detector.llm).toBe(false);
        // Only the gateway's probe was sent, no copy requests.
        expect(other.requests.every((r) => r.maxTokens === 1)).toBe(true);
      } finally {
        await other.close();
      }
    }
  });

  it('keeps the offline score without a configured model, and for paragraphs whose call failed', async () => {
    const unconfigured = await detectAigcWithModel(text, createLlmGateway(settings(fake.url, null)));
    expect(unconfigured).toEqual(detectAigc(text));
    expect(fake.requests).toHaveLength(0);

    const gateway = createLlmGateway(settings(fake.url));
    await gateway.supportsLogprobs('chat');
    fake.script('500', '500', '500');
    const failed = await detectAigcWithModel(text, gateway);
    expect(failed.detector.llm).toBe(false);
    expect(failed.paragraphs).toEqual(detectAigc(text).paragraphs);
  });

  it('stops when the task is stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(detectAigcWithModel(text, createLlmGateway(settings(fake.url)), { signal: controller.signal })).rejects.toThrow();
  });
});

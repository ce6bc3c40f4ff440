import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { ReferenceLibrary } from '../services/library/library';
import type { RewrittenParagraph } from '../engines/rewrite';
import { poolCompute } from '../workers/compute';
import { body, createTestApp, post, signUp, type TestApp, testConfig } from '../test/app';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { grant } from '../test/fixtures';
import { type StandInEngine, withRewriteEngine } from '../test/rewrite-engine';
import { expectNoChange } from '../test/snapshot';
import { CHECK, init, runJobs } from './check.test-helpers';

// 换个说法 by the model: priced before (modelQuote), charged the price the student confirmed as a task of its
// own, refunded when the model fails. The stand-in engine asks the fake model through the gateway once.

const A = fixture('source-a.txt');
const SENTENCE = A.match(/[^。]+。/g)![1];
const PARAGRAPH = `本研究以某高校三届毕业生的学位论文为样本，统计了各学科的引用格式差异。${SENTENCE}`;
const START = [...'本研究以某高校三届毕业生的学位论文为样本，统计了各学科的引用格式差异。'].length;

const modelEngine: StandInEngine = {
  async rewriteDocument(text, options) {
    const useModel = Boolean(options.gateway?.configured('rewrite')) && options.mode !== 'smart';
    if (useModel) await options.gateway!.complete({ feature: 'rewrite', messages: [{ role: 'user', content: `请改写：${text}` }], signal: options.signal });
    const p: RewrittenParagraph = {
      index: 0,
      original: text,
      role: 'body',
      rewritten: useModel ? '查重系统会把学生的论文同库里的资料逐段对照，标出文字一样的地方。' : `${text}`,
      offline: !useModel,
      similarityToOriginal: 0,
      bigramOverlap: 0.5,
      protectedKept: true,
      sentences: [],
    };
    return { mode: options.mode, offline: !useModel, paragraphs: [p], terms: [] };
  },
};

describe('改写工作台: 换个说法 by the model', () => {
  let fake: FakeLlm;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await createTestApp(
      { LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0 },
      { compute: withRewriteEngine(poolCompute(testConfig()), modelEngine) },
    );
    await new ReferenceLibrary(t.db).addDocuments([{ id: 'lib-a', title: '指纹检测方法综述', text: A }]);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => fake.reset());

  const call = (path: string, token: string, options: { query?: Record<string, string>; payload?: unknown } = {}) => post(t.app, `${CHECK}/${path}`, { token, ...options });
  const ledger = (userId: string) => t.db.sql<{ kind: string; amount_fen: number }>('select kind, amount_fen from ledger_entries where user_id = $1 order by seq', [userId]);

  /** A finished check of PARAGRAPH, paid from `grantFen` (its check costs 300). */
  async function setUp(grantFen = 1000) {
    const { token } = await signUp(t.app);
    const userId = body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
    await grant(t.db, userId, grantFen);
    const id = body<{ id: string }>(await init(t.app, token, { title: '指纹查重研究', content: `第一章 绪论\n${PARAGRAPH}` })).result.id;
    await call('check_submit', token, { payload: { id } });
    await runJobs(t.runtime);
    const payload = { id, index: 0, paragraph: PARAGRAPH, start: START, end: START + [...SENTENCE].length };
    return { token, userId, payload };
  }

  it('quotes the price with the offline suggestions, charges exactly it, and re-checks the model’s sentence', async () => {
    const { token, userId, payload } = await setUp();
    const offered = body<{ modelQuote: { priceFen: number; balanceFen: number; enough: boolean } }>(await call('workbench_suggest', token, { payload })).result;
    expect(offered.modelQuote).toEqual({ priceFen: 10, balanceFen: 1000 - 300, enough: true });

    const changed = await expectNoChange(t.db, () => call('workbench_suggest_model', token, { payload: { ...payload, priceFen: 5 } }));
    expect(changed.statusCode).toBe(409);
    expect(body(changed).error).toEqual({ code: 'PRICE_CHANGED', message: '价格已变为 0.10 元，请确认后再试' });

    const response = await call('workbench_suggest_model', token, { payload: { ...payload, priceFen: 10 } });
    expect(response.statusCode, response.body).toBe(200);
    const result = body<{ mark: string; suggestions: Array<{ source: string; mark: string; text: string }> }>(response).result;
    expect(result.mark).toBe('red');
    expect(result.suggestions).toEqual([expect.objectContaining({ source: 'model', mark: 'none', text: '查重系统会把学生的论文同库里的资料逐段对照，标出文字一样的地方。' })]);
    expect(fake.requests.filter((r) => r.model === FAKE_MODEL)).toHaveLength(1);
    expect(await ledger(userId)).toEqual([
      { kind: 'grant', amount_fen: 1000 },
      { kind: 'charge', amount_fen: -300 },
      { kind: 'charge', amount_fen: -10 },
    ]);
  });

  it('without enough balance: 409 INSUFFICIENT_BALANCE, nothing charged and nothing stored', async () => {
    const { token, payload } = await setUp(300);
    const refused = await expectNoChange(t.db, () => call('workbench_suggest_model', token, { payload: { ...payload, priceFen: 10 } }));
    expect(refused.statusCode).toBe(409);
    expect(body(refused).error.code).toBe('INSUFFICIENT_BALANCE');
    expect(fake.requests).toHaveLength(0);
  });

  it('refunds when the model fails', async () => {
    const { token, userId, payload } = await setUp();
    fake.script('500');
    const response = await call('workbench_suggest_model', token, { payload: { ...payload, priceFen: 10 } });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect((await ledger(userId)).slice(-2)).toEqual([
      { kind: 'charge', amount_fen: -10 },
      { kind: 'refund', amount_fen: 10 },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../engines/similarity/fixtures/load';
import { loadContract, operationsOf } from '../http/contract';
import { ReferenceLibrary } from '../services/library/library';
import { body, createTestApp, post, signUp, type TestApp, testConfig } from '../test/app';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { grant } from '../test/fixtures';
import { type StandInEngine, withRewriteEngine } from '../test/rewrite-engine';
import { expectNoChange } from '../test/snapshot';
import { poolCompute } from '../workers/compute';
import { multipart, qrSignUp, runJobs as drainJobs, scratchDir } from './check.test-helpers';

// Every call that charges (x-moyan-charges in the contract) asked for its price first through charge_quote and
// then made: the ledger records exactly the amount and the note the quote showed, and the balance it said would
// remain. The real app, job runner and engines, the fake model for the model ways; a stand-in rewording engine.

interface Quote {
  priceFen: number;
  chargeFen: number;
  purpose: string;
  billing: 'fixed' | 'per_answer';
  balanceFen: number;
  balanceAfterFen: number | null;
  freeCheck: boolean;
  enough: boolean;
  engine: 'model' | 'offline' | null;
  charCount: number | null;
  rate: { unitChars: number; unitFen: number; minFen: number } | null;
}
interface LedgerRow {
  kind: string;
  amount_fen: number;
  note: string;
}

const CHECK = '/api/base/check_api';
const AIGC = '/api/base/paper_aigc_api';
const PAPER_MACHINE = '/api/base/paper_machine_api';
const MACHINE = '/api/base/machine_api';
const AI_PAPER = '/api/base/ai_paper_info_api';
const INFO_PAPER = '/api/base/paper_info_api';
const PPT = '/api/base/ai_ppt_info_api';
const CHAT = '/api/base/chat_gpt_api';

const A = fixture('source-a.txt');
const aigcFixture = (name: string) => readFileSync(new URL(`../services/aigc/fixtures/${name}`, import.meta.url), 'utf8').trim();
const MACHINE_STYLE = aigcFixture('machine-style.txt');
const HUMAN_STYLE = aigcFixture('human-style.txt');
const SLIDES_PAPER = readFileSync(new URL('../engines/slides/fixtures/paper.txt', import.meta.url), 'utf8');
const PAPER_FORM = {
  title: '基于深度学习的中文文本相似度研究',
  discipline: '计算机科学与技术',
  degree: 'bachelor',
  length: 6000,
  keywords: ['文本相似度', '深度学习'],
  references: ['王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.'],
};

const standIn: StandInEngine = {
  async rewriteDocument(text, options) {
    const paragraphs = text
      .split('\n')
      .filter((p) => p.trim())
      .map((original, index) => ({
        index,
        original,
        role: 'body' as const,
        rewritten: original.replace(/研究/g, '探讨').replace(/方法/g, '手段'),
        sentences: [],
        offline: !options.gateway?.configured('rewrite'),
        similarityToOriginal: 0.2,
        bigramOverlap: 0.6,
        protectedKept: true,
      }));
    for (const p of paragraphs) await options.onParagraph?.(p);
    return { mode: options.mode, offline: paragraphs.every((p) => p.offline), paragraphs, terms: [] };
  },
};

const contract = loadContract();
const chargingOperations = () =>
  [...operationsOf(contract).values()]
    .filter(({ operation }) => (operation as { 'x-moyan-charges'?: boolean })['x-moyan-charges'])
    .map(({ operation }) => operation.operationId)
    .sort();

describe('charge_quote: the price shown before every charge is the charge', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let dir: Awaited<ReturnType<typeof scratchDir>>;
  const covered = new Set<string>();

  beforeAll(async () => {
    fake = await startFakeLlm();
    dir = await scratchDir();
    const config = { DATA_DIR: dir.path, LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0 };
    t = await createTestApp(config, { compute: withRewriteEngine(poolCompute(testConfig(config)), standIn) });
    await new ReferenceLibrary(t.db).addDocuments([{ id: 'lib-a', title: '指纹检测方法综述', text: A }]);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await dir.remove();
  });

  const runJobs = () => drainJobs(t.runtime);
  const userIdOf = async (token: string) => body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
  const paidUser = async (fen = 100_000) => {
    const { token } = await signUp(t.app);
    await grant(t.db, await userIdOf(token), fen);
    return token;
  };
  const ledger = async (token: string) =>
    t.db.sql<LedgerRow>('select kind, amount_fen, note from ledger_entries where user_id = $1 order by seq', [await userIdOf(token)]);
  const balance = async (token: string) => (await ledger(token)).reduce((sum, e) => sum + e.amount_fen, 0);
  const quote = async (token: string, request: Record<string, unknown>) => {
    const response = await post(t.app, '/api/base/account_info_api/charge_quote', { token, payload: request });
    expect(response.statusCode, response.body).toBe(200);
    return body<Quote>(response).result;
  };
  const upload = async (url: string, token: string, fields: Record<string, string>) => {
    const { payload, headers } = await multipart(fields);
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return body<{ id: string; priceFen: number }>(response).result;
  };

  /** Quotes `request`, makes the call, and holds the ledger to the quote: one charge, its amount, its note, the balance after. */
  async function quotedCharge(token: string, request: { operation: string } & Record<string, unknown>, act: () => Promise<unknown>) {
    const shown = await quote(token, request);
    expect(shown.enough).toBe(true);
    const before = await ledger(token);
    expect(shown.balanceFen).toBe(await balance(token));
    const response = (await act()) as { statusCode: number; body: string };
    expect(response.statusCode, response.body).toBe(200);
    const added = (await ledger(token)).slice(before.length);
    expect(added).toEqual([{ kind: 'charge', amount_fen: -shown.chargeFen || 0, note: shown.purpose }]);
    expect(await balance(token)).toBe(shown.balanceAfterFen);
    covered.add(request.operation);
    return shown;
  }

  it('查重 (paid and free), AIGC检测, and their draft-based calls', async () => {
    const token = await paidUser();
    const check = await upload(`${CHECK}/check_init`, token, { title: '指纹检测的改进', content: A });
    const paid = await quotedCharge(token, { operation: 'checkCheckSubmit', id: check.id }, () => post(t.app, `${CHECK}/check_submit`, { token, payload: { id: check.id } }));
    expect(paid).toMatchObject({ billing: 'fixed', freeCheck: false, engine: null, purpose: '论文查重：指纹检测的改进', chargeFen: check.priceFen });
    expect(paid.rate).toEqual({ unitChars: 1000, unitFen: 100, minFen: 300 });

    const qr = await qrSignUp(t.app);
    const free = await upload(`${CHECK}/check_init`, qr, { title: '扫码账号的论文', content: A });
    const cost = body<Quote>(await post(t.app, `${CHECK}/check_cost`, { token: qr, payload: { id: free.id } })).result;
    const freeQuote = await quotedCharge(qr, { operation: 'checkCheckSubmit', id: free.id }, () => post(t.app, `${CHECK}/check_submit`, { token: qr, payload: { id: free.id } }));
    expect(freeQuote).toMatchObject({ freeCheck: true, chargeFen: 0, priceFen: free.priceFen, purpose: '论文查重：扫码账号的论文（首次免费）' });
    expect(cost).toMatchObject({ chargeFen: 0, purpose: freeQuote.purpose, balanceAfterFen: 0 });

    const withRewrite = await upload(`${CHECK}/check_init`, token, { title: '查重后降重', content: A });
    await quotedCharge(token, { operation: 'checkCheckMachineSubmit', id: withRewrite.id }, () =>
      post(t.app, `${CHECK}/check_machine_submit`, { token, payload: { id: withRewrite.id, mode: 'rewrite' } }),
    );

    const detection = await upload(`${AIGC}/machine_init`, token, { title: '检测', content: `${MACHINE_STYLE}\n${HUMAN_STYLE}` });
    const detect = await quotedCharge(token, { operation: 'paperAigcMachineSubmit', id: detection.id }, () => post(t.app, `${AIGC}/machine_submit`, { token, payload: { id: detection.id } }));
    expect(detect.purpose).toBe('AIGC检测：检测');
  });

  it('the rewording ways, each priced as the engine that will do it', async () => {
    const token = await paidUser();
    const capabilities = body<{ rewriteEngine: string }>(await t.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' })).result;
    expect(capabilities.rewriteEngine).toBe('model');

    const strong = await upload(`${PAPER_MACHINE}/machine_init`, token, { title: '强力降重', mode: 'strong', content: A });
    const model = await quotedCharge(token, { operation: 'paperMachineMachineSubmit', id: strong.id }, () => post(t.app, `${PAPER_MACHINE}/machine_submit`, { token, payload: { id: strong.id } }));
    expect(model).toMatchObject({ engine: 'model', purpose: '强力降重：强力降重', rate: { unitChars: 1000, unitFen: 300, minFen: 500 } });

    const smart = await upload(`${MACHINE}/machine_init`, token, { title: '智能降重', content: A });
    const offline = await quotedCharge(token, { operation: 'machineMachineSubmit', id: smart.id }, () => post(t.app, `${MACHINE}/machine_submit`, { token, payload: { id: smart.id } }));
    expect(offline).toMatchObject({ engine: 'offline', rate: { unitChars: 1000, unitFen: 150, minFen: 300 } });
    expect(offline.chargeFen).toBeLessThan(model.chargeFen);

    const cnki = await upload(`${MACHINE}/machine_cnki_init`, token, { title: '学术库降重', content: A });
    const both = await quotedCharge(token, { operation: 'machineMachineCnkiSubmit', id: cnki.id }, () => post(t.app, `${MACHINE}/machine_cnki_submit`, { token, payload: { id: cnki.id } }));
    expect(both).toMatchObject({ engine: 'model', rate: null });

    const draft = await upload(`${PAPER_MACHINE}/machine_init`, token, { title: '查重检测并降重', mode: 'rewrite', content: `${MACHINE_STYLE}\n${HUMAN_STYLE}` });
    await quotedCharge(token, { operation: 'paperMachineCheckAigcAndMachineSubmit', id: draft.id, mode: 'strong' }, () =>
      post(t.app, `${PAPER_MACHINE}/check_aigc_and_machine_submit`, { token, payload: { id: draft.id, mode: 'strong' } }),
    );
    await runJobs();

    await quotedCharge(token, { operation: 'paperMachineSubmitCheck', id: strong.id }, () => post(t.app, `${PAPER_MACHINE}/submit_check`, { token, query: { id: strong.id } }));

    const check = await upload(`${CHECK}/check_init`, token, { title: '来自查重', content: A });
    await post(t.app, `${CHECK}/check_submit`, { token, payload: { id: check.id } });
    await runJobs();
    const fromCheck = await quotedCharge(token, { operation: 'paperMachineCheckMachineSubmit', id: check.id, mode: 'polish' }, () =>
      post(t.app, `${PAPER_MACHINE}/check_machine_submit`, { token, payload: { checkId: check.id, mode: 'polish' } }),
    );
    expect(fromCheck).toMatchObject({ purpose: '润色改写（按查重报告）：来自查重', engine: 'model' });
  });

  it('降AIGC, its re-detection, and the same lowering through paper_machine_api', async () => {
    const token = await paidUser();
    const detected = async (title: string) => {
      const d = await upload(`${AIGC}/machine_init`, token, { title, content: `${MACHINE_STYLE}\n${HUMAN_STYLE}` });
      await post(t.app, `${AIGC}/machine_submit`, { token, payload: { id: d.id } });
      await runJobs();
      return d.id;
    };
    const first = await detected('降AIGC');
    const lowered = await quotedCharge(token, { operation: 'paperAigcAigcMachineSubmit', id: first, mode: 'rewrite' }, () =>
      post(t.app, `${AIGC}/aigc_machine_submit`, { token, payload: { id: first, mode: 'rewrite' } }),
    );
    expect(lowered).toMatchObject({ purpose: '降AIGC：降AIGC', engine: 'model', rate: { unitChars: 1000, unitFen: 300, minFen: 500 } });
    // Asked again once lowered: refused as the call would be, nothing charged.
    const again = await expectNoChange(t.db, () => post(t.app, '/api/base/account_info_api/charge_quote', { token, payload: { operation: 'paperAigcAigcMachineSubmit', id: first, mode: 'rewrite' } }));
    expect(body(again).error.code).toBe('TASK_ALREADY_SUBMITTED');
    await runJobs();
    const loweredId = body<{ records: Array<{ id: string; kind: string }> }>(await post(t.app, `${AIGC}/query_list`, { token, payload: { kind: 'lower' } })).result.records[0].id;
    await quotedCharge(token, { operation: 'paperAigcSubmitCheck', id: loweredId }, () => post(t.app, `${AIGC}/submit_check`, { token, query: { id: loweredId } }));

    const second = await detected('按检测降AIGC');
    await quotedCharge(token, { operation: 'paperMachineCheckAigcMachineSubmit', id: second, mode: 'strong' }, () =>
      post(t.app, `${PAPER_MACHINE}/check_aigc_machine_submit`, { token, payload: { aigcId: second, mode: 'strong' } }),
    );
  });

  it('改写工作台 re-check of the edited paper: the quote is the charge, a price no longer quoted is refused', async () => {
    const token = await paidUser();
    const check = await upload(`${CHECK}/check_init`, token, { title: '边改边查', content: A });
    await post(t.app, `${CHECK}/check_submit`, { token, payload: { id: check.id } });
    await runJobs();
    const request = { operation: 'checkWorkbenchSubmitCheck', id: check.id };
    // Nothing edited yet: refused as the call would refuse it, nothing charged.
    const unedited = await expectNoChange(t.db, () => post(t.app, '/api/base/account_info_api/charge_quote', { token, payload: request }));
    expect(body(unedited).error.code).toBe('NOTHING_EDITED');

    const edited = await post(t.app, `${CHECK}/workbench_recheck`, { token, payload: { id: check.id, index: 0, text: `${A.slice(0, 60)}这一段的其余部分由学生用自己的话重写。` } });
    expect(edited.statusCode, edited.body).toBe(200);
    const shown = await quote(token, request);
    const cost = body<Quote>(await post(t.app, `${CHECK}/workbench_check_cost`, { token, query: { id: check.id } })).result;
    expect(shown).toMatchObject({ purpose: '改写工作台修改后查重：边改边查', freeCheck: false, engine: null, billing: 'fixed', chargeFen: cost.priceFen, charCount: cost.charCount });
    expect(shown.rate).toEqual({ unitChars: 1000, unitFen: 100, minFen: 300 });

    const stale = await expectNoChange(t.db, () => post(t.app, `${CHECK}/workbench_submit_check`, { token, query: { id: check.id }, payload: { priceFen: shown.chargeFen + 100 } }));
    expect(body(stale).error).toEqual({ code: 'PRICE_CHANGED', message: `价格已变为 ${(shown.chargeFen / 100).toFixed(2)} 元，请确认后再提交` });
    await quotedCharge(token, request, () => post(t.app, `${CHECK}/workbench_submit_check`, { token, query: { id: check.id }, payload: { priceFen: shown.priceFen } }));
  });

  it('改写工作台 换个说法 by the model: the quote is the charge of that sentence, a price no longer quoted is refused', async () => {
    const token = await paidUser();
    const first = '本研究以某高校三届毕业生的学位论文为样本，统计了各学科的引用格式差异。';
    const paragraph = `${first}${A.match(/[^。]+。/g)![1]}`;
    const check = await upload(`${CHECK}/check_init`, token, { title: '换个说法', content: `第一章 绪论\n${paragraph}` });
    await post(t.app, `${CHECK}/check_submit`, { token, payload: { id: check.id } });
    await runJobs();
    const sentence = { id: check.id, index: 0, paragraph, start: 0, end: [...first].length };
    const request = { operation: 'checkWorkbenchSuggestModel', ...sentence };
    // A sentence outside its paragraph: refused as the call would refuse it, nothing charged.
    const outside = await expectNoChange(t.db, () => post(t.app, '/api/base/account_info_api/charge_quote', { token, payload: { ...request, end: 500 } }));
    expect(outside.statusCode).toBe(400);
    expect(body(outside).error.message).toBe('请求参数不正确：句子的位置超出了段落');

    const shown = await quote(token, request);
    const offered = body<{ modelQuote: { priceFen: number } }>(await post(t.app, `${CHECK}/workbench_suggest`, { token, payload: sentence })).result.modelQuote;
    expect(shown).toMatchObject({ purpose: '改写工作台·大模型换个说法：换个说法', engine: 'model', billing: 'fixed', freeCheck: false, chargeFen: offered.priceFen, charCount: 35 });
    expect(shown.rate).toEqual({ unitChars: 100, unitFen: 5, minFen: 10 });

    const stale = await expectNoChange(t.db, () => post(t.app, `${CHECK}/workbench_suggest_model`, { token, payload: { ...sentence, priceFen: shown.priceFen + 5 } }));
    expect(body(stale).error).toEqual({ code: 'PRICE_CHANGED', message: `价格已变为 ${(shown.priceFen / 100).toFixed(2)} 元，请确认后再试` });
    await quotedCharge(token, request, () => post(t.app, `${CHECK}/workbench_suggest_model`, { token, payload: { ...sentence, priceFen: shown.priceFen } }));
  });

  it('paper writing (the outline as edited, a section again, the classic forms) and a slide deck', async () => {
    const token = await paidUser();
    const draft = body<{ id: string; outline: { chapters: Array<{ sections: Array<{ heading: string; targetLength: number; points: string[] }> }> } }>(
      await post(t.app, `${AI_PAPER}/generate_paper`, { token, payload: PAPER_FORM }),
    ).result;
    const outline = structuredClone(draft.outline);
    outline.chapters[0].sections.push({ heading: '补充一节', targetLength: 3000, points: ['要点'] });
    const commit = await quotedCharge(token, { operation: 'aiPaperInfoCommitPaper', id: draft.id, outline }, () => post(t.app, `${AI_PAPER}/commit_paper`, { token, payload: { id: draft.id, outline } }));
    expect(commit.purpose).toBe(`论文写作：${PAPER_FORM.title}`);
    await runJobs();
    const sections = body<{ records: Array<{ id: string; targetLength: number }> }>(await post(t.app, `${AI_PAPER}/query_content_list`, { token, query: { id: draft.id, pageSize: 100 } })).result.records;
    const section = sections.find((s) => s.targetLength > 0)!;
    await quotedCharge(token, { operation: 'aiPaperInfoReload', id: section.id }, () => post(t.app, `${AI_PAPER}/reload`, { token, query: { id: section.id } }));

    const { title, discipline, length } = PAPER_FORM;
    const thesis = await quotedCharge(token, { operation: 'paperInfoPaperSubmit', title, length }, () => post(t.app, `${INFO_PAPER}/paper_submit`, { token, payload: PAPER_FORM }));
    expect(thesis.purpose).toBe(`毕业论文写作：${title}`);
    await quotedCharge(token, { operation: 'paperInfoPaperXueshuSubmit', title, length: 5000 }, () =>
      post(t.app, `${INFO_PAPER}/paper_xueshu_submit`, { token, payload: { title, discipline, length: 5000 } }),
    );
    await runJobs();
    const classic = body<{ records: Array<{ id: string }> }>(await post(t.app, `${INFO_PAPER}/query_list`, { token })).result.records[0];
    const classicSection = body<{ records: Array<{ id: string; targetLength: number }> }>(await post(t.app, `${INFO_PAPER}/query_content_list`, { token, query: { id: classic.id, pageSize: 100 } })).result.records.find((s) => s.targetLength > 0)!;
    await quotedCharge(token, { operation: 'paperInfoReload', id: classicSection.id }, () => post(t.app, `${INFO_PAPER}/reload`, { token, query: { id: classicSection.id } }));

    const deck = body<{ id: string }>(await post(t.app, `${PPT}/save_or_update`, { token, payload: { templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, title: '答辩演示', source: 'paper', paperText: SLIDES_PAPER } })).result;
    const slides = await quotedCharge(token, { operation: 'aiPptInfoSubmitById', id: deck.id }, () => post(t.app, `${PPT}/submit_by_id`, { token, query: { id: deck.id } }));
    expect(slides.purpose).toBe('AI PPT：答辩演示');
  });

  it('chat: the price of an answer before it is asked; the answer costs what it delivered, never more', async () => {
    const token = await paidUser();
    for (const operation of ['chatGptCompletions', 'chatGptCompletionsStream']) {
      const shown = await quote(token, { operation });
      expect(shown).toMatchObject({ billing: 'per_answer', rate: { unitChars: 1000, unitFen: 10, minFen: 0 }, charCount: t.config.CHAT_MAX_ANSWER_CHARS });
      expect(shown.chargeFen).toBe(Math.ceil(t.config.CHAT_MAX_ANSWER_CHARS / 1000) * 10);
      const before = (await ledger(token)).length;
      const path = operation === 'chatGptCompletions' ? 'completions' : 'completions_stream';
      const answer = await post(t.app, `${CHAT}/${path}`, { token, payload: { content: '什么是文献综述？' } });
      expect(answer.statusCode, answer.body).toBe(200);
      const [charge] = (await ledger(token)).slice(before);
      expect(charge.kind).toBe('charge');
      expect(-charge.amount_fen).toBeGreaterThan(0);
      expect(-charge.amount_fen).toBeLessThanOrEqual(shown.chargeFen);
      covered.add(operation);
    }
  });

  it('refuses what the call would refuse, in Chinese, charging nothing; insufficient balance is a quote with enough false', async () => {
    const token = await paidUser(100);
    const other = await paidUser();
    const check = await upload(`${CHECK}/check_init`, token, { title: '余额不足', content: A });
    const short = await quote(token, { operation: 'checkCheckSubmit', id: check.id });
    expect(short).toMatchObject({ enough: false, balanceFen: 100, balanceAfterFen: null });
    const refused = async (who: string, request: Record<string, unknown>) => {
      const response = await expectNoChange(t.db, () => post(t.app, '/api/base/account_info_api/charge_quote', { token: who, payload: request }));
      return { status: response.statusCode, error: body(response).error };
    };
    expect(await refused(token, { operation: 'checkCheckSubmit' })).toMatchObject({ status: 400, error: { message: '请求参数不正确：id 不能为空' } });
    expect(await refused(other, { operation: 'checkCheckSubmit', id: check.id })).toMatchObject({ status: 404 });
    expect(await refused(token, { operation: 'paperAigcAigcMachineSubmit', id: check.id })).toMatchObject({ status: 400 });
    expect(await refused(token, { operation: 'nothing' })).toMatchObject({ status: 400 });
    expect((await post(t.app, '/api/base/account_info_api/charge_quote', { payload: { operation: 'chatGptCompletions' } })).statusCode).toBe(401);
  });

  it('covers every call the contract marks as charging', () => {
    expect([...covered].sort()).toEqual(chargingOperations());
    const enumerated = (contract as unknown as { components: { schemas: Record<string, { enum?: string[] }> } }).components.schemas.ChargeOperation.enum;
    expect([...(enumerated ?? [])].sort()).toEqual(chargingOperations());
  });
});

describe('charge_quote without a model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { compute: withRewriteEngine(poolCompute(testConfig()), standIn) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('prices every rewording way as the offline engine and says so', async () => {
    const { token } = await signUp(t.app);
    const capabilities = body<{ rewriteEngine: string }>(await t.app.inject({ method: 'GET', url: '/api/base/system_api/f/capabilities' })).result;
    expect(capabilities.rewriteEngine).toBe('offline');
    const { payload, headers } = await multipart({ title: '润色', mode: 'polish', content: A });
    const draft = body<{ id: string; priceFen: number; offline: boolean }>(
      await t.app.inject({ method: 'POST', url: `${PAPER_MACHINE}/machine_init`, payload, headers: { ...headers, authorization: `Bearer ${token}` } }),
    ).result;
    const shown = body<Quote>(await post(t.app, '/api/base/account_info_api/charge_quote', { token, payload: { operation: 'paperMachineMachineSubmit', id: draft.id } })).result;
    expect(shown).toMatchObject({ engine: 'offline', chargeFen: draft.priceFen, rate: { unitChars: 1000, unitFen: 150, minFen: 300 }, purpose: '润色改写：润色' });
    expect(draft.offline).toBe(true);
    const counted = body<{ priceFen: number; charCount: number }>(await post(t.app, `${PAPER_MACHINE}/word_count`, { token, payload: { content: A, mode: 'rewrite' } })).result;
    expect(counted.priceFen).toBe(Math.max(300, Math.ceil(counted.charCount / 1000) * 150));
  });
});

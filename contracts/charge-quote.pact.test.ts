import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { accountInfoChargeQuote } from '../src/api/gen/order/order';
import { chinese, failure, oneOf, ok } from './matchers';
import { BEARER, createPact, failureOf, useMockServer } from './pact';
import { PACT_AIGC_FLAGGED_ID, PACT_BALANCE_FEN, PACT_MISSING_ID, PACT_REPORT_ID, PACT_REWRITE_DRAFT_ID, PACT_REWRITE_UNPAID_ID, PACT_SUBMITTED_ID, STATES } from './states';

const { integer, like, nullValue } = MatchersV3;
/** A paragraph of the 改写工作台 as the student has it, its first sentence (23 characters) to be reworded. */
const SENTENCE_PARAGRAPH = '文本相似度计算在学术不端检测中发挥着重要作用。';

const QUOTE = '/api/base/account_info_api/charge_quote';
const RATE = like({ unitChars: 1000, unitFen: 300, minFen: 500 });

// The confirmation dialog (src/components/charge) asks charge_quote before every charging call and shows what it
// answers: the amount, what it is for, the balance now and after, who rewrites; a refusal is shown in the dialog.
describe('charge_quote contract', () => {
  it('quotes a draft rewrite: the amount, its purpose, the balance after and the engine that will run', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftRewrite)
      .given(STATES.funded)
      .uponReceiving('a quote for submitting a draft strong rewrite')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'paperMachineMachineSubmit', id: PACT_REWRITE_DRAFT_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(500),
            chargeFen: integer(500),
            purpose: chinese('强力降重：中文文本相似度检测方法研究'),
            billing: 'fixed',
            balanceFen: PACT_BALANCE_FEN,
            balanceAfterFen: integer(PACT_BALANCE_FEN - 500),
            freeCheck: false,
            enough: true,
            engine: oneOf(['model', 'offline'], 'model'),
            charCount: integer(120),
            rate: RATE,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await accountInfoChargeQuote({ operation: 'paperMachineMachineSubmit', id: PACT_REWRITE_DRAFT_ID });
        expect(quote).toMatchObject({ chargeFen: 500, enough: true, balanceAfterFen: PACT_BALANCE_FEN - 500, billing: 'fixed' });
      });
  });

  it('without enough balance the quote says so (enough false, no balance after) and nothing is refused', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.unpaidDraftRewrite)
      .given(STATES.broke)
      .uponReceiving('a quote for submitting a draft rewrite without balance')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'paperMachineMachineSubmit', id: PACT_REWRITE_UNPAID_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(500),
            chargeFen: integer(500),
            purpose: chinese('强力降重：中文文本相似度检测方法研究'),
            billing: 'fixed',
            balanceFen: 0,
            balanceAfterFen: nullValue(),
            freeCheck: false,
            enough: false,
            engine: oneOf(['model', 'offline'], 'model'),
            charCount: integer(120),
            rate: RATE,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await accountInfoChargeQuote({ operation: 'paperMachineMachineSubmit', id: PACT_REWRITE_UNPAID_ID });
        expect(quote).toMatchObject({ enough: false, balanceAfterFen: null, balanceFen: 0 });
      });
  });

  it('quotes 降AIGC of a finished detection by its flagged characters, with the mode asked for', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.aigcFlagged)
      .given(STATES.funded)
      .uponReceiving('a quote for lowering the AIGC of a finished detection')
      .withRequest('POST', QUOTE, (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ operation: 'paperAigcAigcMachineSubmit', id: PACT_AIGC_FLAGGED_ID, mode: 'rewrite' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(500),
            chargeFen: integer(500),
            purpose: chinese('降AIGC：深度学习在文本相似度计算中的应用'),
            billing: 'fixed',
            balanceFen: PACT_BALANCE_FEN,
            balanceAfterFen: integer(PACT_BALANCE_FEN - 500),
            freeCheck: false,
            enough: true,
            engine: oneOf(['model', 'offline'], 'model'),
            charCount: integer(400),
            rate: RATE,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await accountInfoChargeQuote({ operation: 'paperAigcAigcMachineSubmit', id: PACT_AIGC_FLAGGED_ID, mode: 'rewrite' });
        expect(quote.purpose).toMatch(/^降AIGC：/);
      });
  });

  it('quotes a chat answer before it is asked: at most one longest answer, charged by what it delivers', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.funded)
      .uponReceiving('a quote for a chat answer')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'chatGptCompletionsStream' }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(80),
            chargeFen: integer(80),
            purpose: chinese('智能对话：每次回答按实际回答字数计费'),
            billing: 'per_answer',
            balanceFen: PACT_BALANCE_FEN,
            balanceAfterFen: integer(PACT_BALANCE_FEN - 80),
            freeCheck: false,
            enough: true,
            engine: nullValue(),
            charCount: integer(8000),
            rate: like({ unitChars: 1000, unitFen: 10, minFen: 0 }),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await accountInfoChargeQuote({ operation: 'chatGptCompletionsStream' });
        expect(quote).toMatchObject({ billing: 'per_answer', engine: null });
      });
  });

  it('quotes a new check of the paper edited in the 改写工作台: the check price of its current text, never the free check', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.editedWorkbench)
      .given(STATES.funded)
      .uponReceiving('a quote for a new check of the paper edited in the workbench')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'checkWorkbenchSubmitCheck', id: PACT_REPORT_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(300),
            chargeFen: integer(300),
            purpose: chinese('改写工作台修改后查重：基于深度学习的中文文本相似度研究'),
            billing: 'fixed',
            balanceFen: PACT_BALANCE_FEN,
            balanceAfterFen: integer(PACT_BALANCE_FEN - 300),
            freeCheck: false,
            enough: true,
            engine: nullValue(),
            charCount: integer(160),
            rate: like({ unitChars: 1000, unitFen: 100, minFen: 300 }),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await accountInfoChargeQuote({ operation: 'checkWorkbenchSubmitCheck', id: PACT_REPORT_ID });
        expect(quote).toMatchObject({ freeCheck: false, engine: null, enough: true });
        expect(quote.purpose).toMatch(/^改写工作台修改后查重：/);
      });
  });

  it('quotes the model’s 换个说法 of one sentence in the 改写工作台: that sentence’s characters at the model price', async () => {
    const sentence = { id: PACT_REPORT_ID, index: 0, paragraph: SENTENCE_PARAGRAPH, start: 0, end: 23 };
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .given(STATES.funded)
      .uponReceiving('a quote for the model rewording one sentence in the workbench')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'checkWorkbenchSuggestModel', ...sentence }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(10),
            chargeFen: integer(10),
            purpose: chinese('改写工作台·大模型换个说法：基于深度学习的中文文本相似度研究'),
            billing: 'fixed',
            balanceFen: PACT_BALANCE_FEN,
            balanceAfterFen: integer(PACT_BALANCE_FEN - 10),
            freeCheck: false,
            enough: true,
            engine: 'model',
            charCount: integer(23),
            rate: like({ unitChars: 100, unitFen: 5, minFen: 10 }),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await accountInfoChargeQuote({ operation: 'checkWorkbenchSuggestModel', ...sentence });
        expect(quote).toMatchObject({ engine: 'model', freeCheck: false, enough: true });
        expect(quote.purpose).toMatch(/^改写工作台·大模型换个说法：/);
      });
  });

  it('the model’s 换个说法 is refused with 503 when no model is configured, as the call is; the dialog shows why', async () => {
    const sentence = { id: PACT_REPORT_ID, index: 0, paragraph: SENTENCE_PARAGRAPH, start: 0, end: 23 };
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .given(STATES.noRewriteModel)
      .uponReceiving('a quote for the model rewording a sentence with no model configured')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'checkWorkbenchSuggestModel', ...sentence }))
      .willRespondWith(503, (res) => res.jsonBody(failure('MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoChargeQuote({ operation: 'checkWorkbenchSuggestModel', ...sentence }));
        expect(error).toMatchObject({ status: 503, code: 'MODEL_NOT_CONFIGURED' });
      });
  });

  it('a new check of a workbench without edits is refused as the call refuses it (409), the dialog shows why', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a quote for a new check of a workbench without edits')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'checkWorkbenchSubmitCheck', id: PACT_REPORT_ID }))
      .willRespondWith(409, (res) => res.jsonBody(failure('NOTHING_EDITED', '还没有修改任何内容，无需重新查重')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoChargeQuote({ operation: 'checkWorkbenchSubmitCheck', id: PACT_REPORT_ID }));
        expect(error).toMatchObject({ status: 409, code: 'NOTHING_EDITED', message: '还没有修改任何内容，无需重新查重' });
      });
  });

  it('refuses what the charging call would refuse: a check already submitted is 409, the dialog shows why', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.submittedCheck)
      .uponReceiving('a quote for submitting a check that was already submitted')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'checkCheckSubmit', id: PACT_SUBMITTED_ID }))
      .willRespondWith(409, (res) => res.jsonBody(failure('TASK_ALREADY_SUBMITTED', '该论文已提交查重，请勿重复提交')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoChargeQuote({ operation: 'checkCheckSubmit', id: PACT_SUBMITTED_ID }));
        expect(error).toMatchObject({ status: 409, code: 'TASK_ALREADY_SUBMITTED' });
      });
  });

  it('a record that is not the caller’s (or does not exist) is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a quote for a check that does not exist')
      .withRequest('POST', QUOTE, (req) => req.headers({ Authorization: BEARER }).jsonBody({ operation: 'checkCheckSubmit', id: PACT_MISSING_ID }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoChargeQuote({ operation: 'checkCheckSubmit', id: PACT_MISSING_ID }));
        expect(error.status).toBe(404);
      });
  });
});

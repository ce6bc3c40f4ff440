import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  checkWorkbenchAigc,
  checkWorkbenchCheckCost,
  checkWorkbenchDownload,
  checkWorkbenchFromRewrite,
  checkWorkbenchLoad,
  checkWorkbenchRecheck,
  checkWorkbenchSubmitCheck,
  checkWorkbenchSuggest,
  checkWorkbenchSuggestModel,
  checkWorkbenchRedo,
  checkWorkbenchUndo,
} from '../src/api/gen/check/check';
import { anyId, chinese, failure, isoTime, listOf, oneOf, ok } from './matchers';
import { BEARER, createPact, failureOf, useMockServer } from './pact';
import { PACT_MISSING_ID, PACT_REPORT_ID, STATES } from './states';

// The 改写工作台 (边改边查) calls the workbench page makes, and the failures it shows (a toast or a dialog's alert).

const { integer, number, boolean } = MatchersV3;
const MARKS = ['red', 'orange', 'cited', 'none'];
const OWN_WORDS = '本文比较了几种常见的论文检测方法，并讨论了它们的不足。';

const ESTIMATE = {
  totalRatio: number(0),
  totalChars: integer(154),
  matchedChars: integer(0),
  originalRatio: number(0.5649),
  originalChars: integer(154),
  originalMatchedChars: integer(87),
  recheckedParagraphs: integer(1),
  recheckedCharsBefore: integer(23),
  recheckedMatchedBefore: integer(23),
  recheckedChars: integer(27),
  recheckedMatched: integer(0),
  sourceCount: integer(1),
  sections: listOf({ index: integer(0), charCount: integer(89), matchedChars: integer(0), ratio: number(0) }),
};

const PARAGRAPH = {
  index: integer(0),
  text: chinese(OWN_WORDS),
  edited: boolean(true),
  charCount: integer(27),
  matchedChars: integer(0),
  ratio: number(0),
  sentences: listOf({ start: integer(0), end: integer(27), mark: oneOf(MARKS, 'none') }),
  matches: listOf({ start: integer(0), end: integer(10), sourceId: anyId('lib-pact-source'), sourceText: chinese('文本相似度计算') }),
};

describe('workbench contract', () => {
  it('workbench_load opens a finished check: the version in effect and the estimate', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a request for the workbench of a finished check')
      .withRequest('POST', '/api/base/check_api/workbench_load', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            checkId: PACT_REPORT_ID,
            title: chinese('基于深度学习的中文文本相似度研究'),
            revision: integer(0),
            historyLength: integer(0),
            updatedAt: null,
            paragraphs: listOf(PARAGRAPH),
            estimate: { ...ESTIMATE, totalRatio: number(0.5649), matchedChars: integer(87), recheckedParagraphs: integer(0) },
            docxInPlace: boolean(false),
            modelAvailable: boolean(false),
            rechecks: listOf({ id: anyId(), status: oneOf(['queued', 'running', 'done', 'failed']), totalRatio: number(0.1), estimatedRatio: number(0.1), createdAt: isoTime() }),
            rewriteId: null,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const workbench = await checkWorkbenchLoad({ id: PACT_REPORT_ID });
        expect(workbench).toMatchObject({ checkId: PACT_REPORT_ID, revision: 0 });
        expect(workbench.estimate.totalRatio).toBe(workbench.estimate.originalRatio);
      });
  });

  it('workbench_recheck saves an edited paragraph and re-checks it against the check’s sources', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('an edited paragraph of a finished check')
      .withRequest('POST', '/api/base/check_api/workbench_recheck', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REPORT_ID, index: 0, text: OWN_WORDS, kind: 'typing', baseRevision: 0, withAigc: false }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ revision: integer(1), historyLength: integer(1), updatedAt: isoTime(), paragraphs: listOf(PARAGRAPH), estimate: ESTIMATE, aigc: [] })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const update = await checkWorkbenchRecheck({ id: PACT_REPORT_ID, index: 0, text: OWN_WORDS, kind: 'typing', baseRevision: 0, withAigc: false });
        expect(update.revision).toBe(1);
        expect(update.estimate.totalRatio).toBeLessThan(update.estimate.originalRatio);
      });
  });

  it('a paragraph with a line break is refused with 400 and a message the page shows', async () => {
    const text = '第一句。\n第二句。';
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('an edited paragraph with a line break')
      .withRequest('POST', '/api/base/check_api/workbench_recheck', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REPORT_ID, index: 0, text }))
      .willRespondWith(400, (res) => res.jsonBody(failure('BAD_REQUEST', '段落中不能换行；要分段请在导出的 Word 文件中操作')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkWorkbenchRecheck({ id: PACT_REPORT_ID, index: 0, text }));
        expect(error).toMatchObject({ status: 400, message: '段落中不能换行；要分段请在导出的 Word 文件中操作' });
      });
  });

  it('another user’s or an unknown check is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('an edit of an unknown check')
      .withRequest('POST', '/api/base/check_api/workbench_recheck', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_MISSING_ID, index: 0, text: OWN_WORDS }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await failureOf(checkWorkbenchRecheck({ id: PACT_MISSING_ID, index: 0, text: OWN_WORDS }))).status).toBe(404);
      });
  });

  it('undo with nothing to undo is 409', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('an undo in a workbench without edits')
      .withRequest('POST', '/api/base/check_api/workbench_undo', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }))
      .willRespondWith(409, (res) => res.jsonBody(failure('NOTHING_TO_UNDO', '没有可以撤销的修改')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await failureOf(checkWorkbenchUndo({ id: PACT_REPORT_ID }))).toMatchObject({ status: 409, message: '没有可以撤销的修改' });
      });
  });

  it('workbench_suggest offers the offline engine’s rewordings of a sentence, each re-checked and scored', async () => {
    const paragraph = '文本相似度计算在学术不端检测中发挥着重要作用。';
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .given(STATES.noRewriteModel)
      .uponReceiving('a request for other wordings of a red sentence')
      .withRequest('POST', '/api/base/check_api/workbench_suggest', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23 }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            sentence: chinese(paragraph),
            mark: oneOf(MARKS, 'red'),
            aiProbability: number(0.2),
            suggestions: listOf({ text: chinese('文本相似度的计算在学术不端检测里起着重要的作用。'), source: 'offline', mark: oneOf(MARKS, 'none'), sourceId: anyId('lib-pact-source'), matchedChars: integer(0), aiProbability: number(0.2) }),
            modelQuote: null,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const found = await checkWorkbenchSuggest({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23 });
        expect(found.sentence).toBe(paragraph);
        expect(found.modelQuote).toBeNull();
      });
  });

  it('the model’s 换个说法 without a model configured is 503, nothing charged', async () => {
    const paragraph = '文本相似度计算在学术不端检测中发挥着重要作用。';
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .given(STATES.noRewriteModel)
      .uponReceiving('a model rewording with no model configured')
      .withRequest('POST', '/api/base/check_api/workbench_suggest_model', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23, priceFen: 10 }),
      )
      .willRespondWith(503, (res) => res.jsonBody(failure('MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkWorkbenchSuggestModel({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23, priceFen: 10 }));
        expect(error.status).toBe(503);
      });
  });

  it('the model’s 换个说法 at a price no longer quoted is refused with 409 PRICE_CHANGED and nothing is charged', async () => {
    const paragraph = '文本相似度计算在学术不端检测中发挥着重要作用。';
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .given(STATES.funded)
      .uponReceiving('a model rewording at a price no longer quoted')
      .withRequest('POST', '/api/base/check_api/workbench_suggest_model', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23, priceFen: 5 }),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('PRICE_CHANGED', '价格已变为 0.10 元，请确认后再试')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkWorkbenchSuggestModel({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23, priceFen: 5 }));
        expect(error).toMatchObject({ status: 409, code: 'PRICE_CHANGED' });
      });
  });

  it('the model’s 换个说法 without enough balance is refused with 409 and nothing is charged', async () => {
    const paragraph = '文本相似度计算在学术不端检测中发挥着重要作用。';
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .given(STATES.broke)
      .uponReceiving('a model rewording without balance')
      .withRequest('POST', '/api/base/check_api/workbench_suggest_model', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23, priceFen: 10 }),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('INSUFFICIENT_BALANCE', '余额不足，请先充值')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkWorkbenchSuggestModel({ id: PACT_REPORT_ID, index: 0, paragraph, start: 0, end: 23, priceFen: 10 }));
        expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
      });
  });

  it('workbench_check_cost prices a new check of the edited paper before anything is charged', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('the price of a new check of the edited paper')
      .withRequest('POST', '/api/base/check_api/workbench_check_cost', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ priceFen: integer(300), balanceFen: integer(0), freeCheck: false, enough: boolean(false), charCount: integer(154) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const quote = await checkWorkbenchCheckCost({ id: PACT_REPORT_ID });
        expect(quote.freeCheck).toBe(false);
      });
  });

  it('workbench_submit_check charges the price the confirmation showed and queues a new check of the edited paper', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.editedWorkbench)
      .given(STATES.funded)
      .uponReceiving('a new check of the edited paper at the quoted price')
      .withRequest('POST', '/api/base/check_api/workbench_submit_check', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }).jsonBody({ priceFen: 300 }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ checkId: anyId('chk-pact-edited'), priceFen: 300, estimatedRatio: number(0.1) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const submitted = await checkWorkbenchSubmitCheck({ priceFen: 300 }, { id: PACT_REPORT_ID });
        expect(submitted.priceFen).toBe(300);
      });
  });

  it('a price the server no longer quotes is refused with 409 PRICE_CHANGED and nothing is charged', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.editedWorkbench)
      .given(STATES.funded)
      .uponReceiving('a new check of the edited paper at a price no longer quoted')
      .withRequest('POST', '/api/base/check_api/workbench_submit_check', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }).jsonBody({ priceFen: 200 }))
      .willRespondWith(409, (res) => res.jsonBody(failure('PRICE_CHANGED', '价格已变为 3.00 元，请确认后再提交')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkWorkbenchSubmitCheck({ priceFen: 200 }, { id: PACT_REPORT_ID }));
        expect(error).toMatchObject({ status: 409, code: 'PRICE_CHANGED' });
      });
  });

  it('without enough balance the new check is refused with 409 and nothing is charged', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.editedWorkbench)
      .given(STATES.broke)
      .uponReceiving('a new check of the edited paper without balance')
      .withRequest('POST', '/api/base/check_api/workbench_submit_check', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }).jsonBody({ priceFen: 300 }))
      .willRespondWith(409, (res) => res.jsonBody(failure('INSUFFICIENT_BALANCE', '余额不足，请先充值')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkWorkbenchSubmitCheck({ priceFen: 300 }, { id: PACT_REPORT_ID }));
        expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
      });
  });

  it('a new check with nothing edited is 409 and charges nothing', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a new check of a workbench without edits')
      .withRequest('POST', '/api/base/check_api/workbench_submit_check', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }).jsonBody({ priceFen: 300 }))
      .willRespondWith(409, (res) => res.jsonBody(failure('NOTHING_EDITED', '还没有修改任何内容，无需重新查重')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await failureOf(checkWorkbenchSubmitCheck({ priceFen: 300 }, { id: PACT_REPORT_ID }))).toMatchObject({ status: 409, message: '还没有修改任何内容，无需重新查重' });
      });
  });

  it('redo with nothing to redo is 409', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a redo in a workbench without undone edits')
      .withRequest('POST', '/api/base/check_api/workbench_redo', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }))
      .willRespondWith(409, (res) => res.jsonBody(failure('NOTHING_TO_REDO', '没有可以重做的修改')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await failureOf(checkWorkbenchRedo({ id: PACT_REPORT_ID }))).toMatchObject({ status: 409, message: '没有可以重做的修改' });
      });
  });

  it('the AI traces of another user’s or an unknown check are 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('the AI traces of an unknown check')
      .withRequest('POST', '/api/base/check_api/workbench_aigc', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_ID }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await failureOf(checkWorkbenchAigc({ id: PACT_MISSING_ID }))).status).toBe(404);
      });
  });

  it('the export of another user’s or an unknown check is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('the .docx export of an unknown check’s workbench')
      .withRequest('GET', '/api/base/check_api/workbench_download', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_ID }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await failureOf(checkWorkbenchDownload({ id: PACT_MISSING_ID }))).status).toBe(404);
      });
  });

  it('continuing another user’s or an unknown rewrite in the workbench is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a workbench from an unknown rewrite')
      .withRequest('POST', '/api/base/check_api/workbench_from_rewrite', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_ID }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await failureOf(checkWorkbenchFromRewrite({ id: PACT_MISSING_ID }))).status).toBe(404);
      });
  });
});

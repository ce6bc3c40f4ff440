import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  paperAigcAigcMachineSubmit,
  paperAigcDelete,
  paperAigcDownloadReport,
  paperAigcLoadById,
  paperAigcLoadContentById,
  paperAigcMachineInit,
  paperAigcMachineSubmit,
  paperAigcQueryContentList,
  paperAigcQueryList,
  paperAigcReload,
  paperAigcWordCount,
} from '../src/api/gen/aigc/aigc';
import { TASK_STATUSES, anyId, chinese, failure, isoTime, listOf, oneOf, ok } from './matchers';
import { multipartBody } from './multipart';
import { BEARER, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import {
  PACT_AIGC_DELETE_ID,
  PACT_AIGC_DRAFT_ID,
  PACT_AIGC_FLAGGED_ID,
  PACT_AIGC_ID,
  PACT_AIGC_PARAGRAPH_ID,
  PACT_AIGC_UNPAID_ID,
  PACT_MISSING_ID,
  PACT_REPORT_ID,
  STATES,
} from './states';

const { like, integer, number, boolean, eachLike, nullValue } = MatchersV3;

const BANDS = ['high', 'medium', 'low', 'none'];
const TITLE = '深度学习在文本相似度计算中的应用';

/** The detector and its measured limits, which the report's note prints. */
const detector = () => ({
  name: like('moyan-aigc'),
  version: like('1-20250611'),
  threshold: number(0.5),
  falseAccusationRate: number(0.004),
  llm: boolean(false),
  bands: { high: number(0.6), medium: number(0.3), low: number(0.1) },
});

/** What a detection record carries that the screens read (lists, progress, the report's header). */
const record = (fields: Record<string, unknown> = {}) => ({
  id: anyId(),
  title: chinese(TITLE),
  status: oneOf(TASK_STATUSES, 'done'),
  progress: integer(100),
  priceFen: integer(300),
  charCount: integer(160),
  createdAt: isoTime(),
  error: nullValue(),
  offline: boolean(true),
  kind: oneOf(['detect', 'lower'], 'detect'),
  aiCharRatio: number(0.6604),
  band: oneOf(BANDS, 'high'),
  score: integer(55),
  aiCharCount: integer(105),
  detector: detector(),
  paragraphTotal: integer(3),
  paragraphFlagged: integer(1),
  ...fields,
});

/** A draft or queued detection: no figures yet. */
const unscored = (fields: Record<string, unknown>) =>
  record({ aiCharRatio: nullValue(), band: nullValue(), score: nullValue(), aiCharCount: nullValue(), detector: nullValue(), paragraphTotal: integer(0), paragraphFlagged: integer(0), ...fields });

const sentence = {
  start: integer(0),
  end: integer(36),
  probability: number(0.5991),
  machine: boolean(true),
  reasons: listOf(chinese('用词“此外”“推动”在机器生成文本中常见')),
};

/** A scored paragraph with its sentences (offsets in code points within `text`) and their reasons. */
const paragraph = (fields: Record<string, unknown> = {}) => ({
  id: anyId(PACT_AIGC_PARAGRAPH_ID),
  index: integer(1),
  section: like('摘要'),
  text: chinese('随着人工智能技术的快速发展，深度学习在自然语言处理领域取得了显著的成果。'),
  charCount: integer(105),
  aiCharCount: integer(105),
  aiProbability: number(0.5528),
  band: oneOf(BANDS, 'high'),
  tooShort: boolean(false),
  sentences: eachLike(sentence),
  original: nullValue(),
  ...fields,
});

describe('aigc contract (AIGC检测)', () => {
  it('the detections list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a list of the AIGC detection records without a token',
      method: 'POST',
      path: '/api/base/paper_aigc_api/query_list',
      request: (req) => req.query({ pageNo: '1', pageSize: '10' }).jsonBody({ kind: 'detect' }),
      call: () => paperAigcQueryList({ kind: 'detect' }, { pageNo: 1, pageSize: 10 }),
    }));

  it('the records page lists the detections, newest first', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.aigcDone)
      .uponReceiving('a list of the AIGC detection records')
      .withRequest('POST', '/api/base/paper_aigc_api/query_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ kind: 'detect' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(10), total: integer(1), records: eachLike(record()) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await paperAigcQueryList({ kind: 'detect' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ kind: 'detect', status: 'done', band: 'high', aiCharRatio: 0.6604 });
      });
  });

  it('the report loads the record with its heat bar and the paragraphs with marked sentences and reasons', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.aigcDone)
      .uponReceiving('a finished AIGC detection with its paragraph scores')
      .withRequest('POST', '/api/base/paper_aigc_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_AIGC_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            ...record({ id: PACT_AIGC_ID }),
            paragraphScores: eachLike({ index: integer(0), charCount: integer(105), aiProbability: number(0.5528), band: oneOf(BANDS, 'high'), tooShort: boolean(false) }),
          }),
        ),
      );
    await pact
      .addInteraction()
      .given(STATES.aigcDone)
      .uponReceiving('the scored paragraphs of a finished AIGC detection')
      .withRequest('POST', '/api/base/paper_aigc_api/query_content_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_AIGC_ID, pageNo: '1', pageSize: '50' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(50), total: integer(3), records: eachLike(paragraph()) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const detail = await paperAigcLoadById({ id: PACT_AIGC_ID });
        expect(detail).toMatchObject({ id: PACT_AIGC_ID, status: 'done', band: 'high', detector: { falseAccusationRate: 0.004, threshold: 0.5 } });
        expect(detail.paragraphScores[0]).toMatchObject({ charCount: 105, aiProbability: 0.5528 });
        const page = await paperAigcQueryContentList({ id: PACT_AIGC_ID, pageNo: 1, pageSize: 50 });
        expect(page.records[0].sentences[0]).toMatchObject({ machine: true, start: 0, end: 36 });
        expect(page.records[0].sentences[0].reasons[0]).toContain('机器生成');
      });
  });

  it('a detection that is not the user\'s is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('an AIGC detection that does not exist')
      .withRequest('POST', '/api/base/paper_aigc_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_ID }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await failureOf(paperAigcLoadById({ id: PACT_MISSING_ID }))).status).toBe(404);
      });
  });

  it('re-scores one paragraph and reads it back', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.aigcDone)
      .uponReceiving('a re-score of one paragraph of a finished detection')
      .withRequest('POST', '/api/base/paper_aigc_api/reload', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_AIGC_PARAGRAPH_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(paragraph({ id: PACT_AIGC_PARAGRAPH_ID }))));
    await pact
      .addInteraction()
      .given(STATES.aigcDone)
      .uponReceiving('one scored paragraph')
      .withRequest('POST', '/api/base/paper_aigc_api/load_content_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_AIGC_PARAGRAPH_ID }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(paragraph({ id: PACT_AIGC_PARAGRAPH_ID }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperAigcReload({ id: PACT_AIGC_PARAGRAPH_ID })).toMatchObject({ id: PACT_AIGC_PARAGRAPH_ID, band: 'high' });
        expect(await paperAigcLoadContentById({ id: PACT_AIGC_PARAGRAPH_ID })).toMatchObject({ id: PACT_AIGC_PARAGRAPH_ID, tooShort: false });
      });
  });

  it('downloads the report as a PDF', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.aigcDone)
      .uponReceiving('a download of the AIGC report')
      .withRequest('POST', '/api/base/paper_aigc_api/download_report', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_AIGC_ID }))
      .willRespondWith(200, (res) => res.binaryFile('application/pdf', 'contracts/fixtures/report.pdf'))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const file = (await paperAigcDownloadReport({ id: PACT_AIGC_ID })) as unknown as Blob;
        expect(file.type).toBe('application/pdf');
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      });
  });

  it('prices a pasted text, creates the draft and pays for it', async () => {
    const content = '随着人工智能技术的快速发展，深度学习在自然语言处理领域取得了显著的成果。此外，预训练语言模型的出现进一步推动了相关研究的进展。';
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a word count of a text to detect')
      .withRequest('POST', '/api/base/paper_aigc_api/word_count', (req) => req.headers({ Authorization: BEARER }).jsonBody({ content }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ charCount: integer(63), priceFen: integer(300), minChars: integer(50) })));
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a pasted paper to detect')
      .withRequest('POST', '/api/base/paper_aigc_api/machine_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'content', value: content },
          { name: 'title', value: TITLE },
        ]),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(unscored({ status: 'draft', progress: integer(0) }))));
    await pact
      .addInteraction()
      .given(STATES.aigcDraft)
      .given(STATES.funded)
      .uponReceiving('the submission of a draft detection')
      .withRequest('POST', '/api/base/paper_aigc_api/machine_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_AIGC_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(unscored({ id: PACT_AIGC_DRAFT_ID, status: 'queued', progress: integer(0) }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperAigcWordCount({ content })).toEqual({ charCount: 63, priceFen: 300, minChars: 50 });
        expect(await paperAigcMachineInit({ content, title: TITLE })).toMatchObject({ status: 'draft', kind: 'detect', band: null });
        expect(await paperAigcMachineSubmit({ id: PACT_AIGC_DRAFT_ID })).toMatchObject({ status: 'queued' });
      });
  });

  it('AIGC检测 of a finished 查重 report’s own text: only its id and the title are sent', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('the detection of a finished check report’s own text')
      .withRequest('POST', '/api/base/paper_aigc_api/machine_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'title', value: TITLE },
          { name: 'checkId', value: PACT_REPORT_ID },
        ]),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(unscored({ status: 'draft', progress: integer(0) }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperAigcMachineInit({ title: TITLE, checkId: PACT_REPORT_ID })).toMatchObject({ status: 'draft', kind: 'detect' });
      });
  });

  it('says why a text cannot be judged: too short to quote, not Chinese to create', async () => {
    const short = '深度学习取得了显著的成果。';
    const english = 'Deep learning has achieved remarkable results in natural language processing over the last decade.';
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a word count of a text too short to judge')
      .withRequest('POST', '/api/base/paper_aigc_api/word_count', (req) => req.headers({ Authorization: BEARER }).jsonBody({ content: short }))
      .willRespondWith(422, (res) => res.jsonBody(failure('TEXT_TOO_SHORT', '正文只有 13 字，AIGC 检测至少需要 50 字才能可靠判断，请补充后再提交')));
    await pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a pasted English text to detect')
      .withRequest('POST', '/api/base/paper_aigc_api/machine_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'content', value: english },
          { name: 'title', value: TITLE },
        ]),
      )
      .willRespondWith(422, (res) => res.jsonBody(failure('NOT_CHINESE', 'AIGC 检测目前只支持中文文本，这段文字几乎没有中文，请提交中文论文')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await failureOf(paperAigcWordCount({ content: short }))).toMatchObject({ status: 422, code: 'TEXT_TOO_SHORT' });
        expect(await failureOf(paperAigcMachineInit({ content: english, title: TITLE }))).toMatchObject({ status: 422, code: 'NOT_CHINESE' });
      });
  });

  it('a submission without enough balance is refused with 409 and charges nothing', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.unpaidAigcDraft)
      .given(STATES.broke)
      .uponReceiving('the submission of a draft detection without balance')
      .withRequest('POST', '/api/base/paper_aigc_api/machine_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_AIGC_UNPAID_ID }))
      .willRespondWith(409, (res) => res.jsonBody(failure('INSUFFICIENT_BALANCE', '余额不足，请先充值')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await failureOf(paperAigcMachineSubmit({ id: PACT_AIGC_UNPAID_ID }))).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
      });
  });

  it('deletes a finished detection', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.deletableAigc)
      .uponReceiving('a delete of a finished AIGC detection')
      .withRequest('POST', '/api/base/paper_aigc_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_AIGC_DELETE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_AIGC_DELETE_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperAigcDelete({ id: PACT_AIGC_DELETE_ID })).toEqual({ id: PACT_AIGC_DELETE_ID, deleted: true });
      });
  });
  it('降AIGC of a finished detection: a record of kind lower queued from it, its AI share before kept', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.aigcFlagged)
      .given(STATES.funded)
      .uponReceiving('a 降AIGC of the paragraphs a finished detection flagged')
      .withRequest('POST', '/api/base/paper_aigc_api/aigc_machine_submit', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_AIGC_FLAGGED_ID, mode: 'rewrite' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(
            unscored({
              kind: oneOf(['detect', 'lower'], 'lower'),
              status: oneOf(TASK_STATUSES, 'queued'),
              progress: integer(0),
              priceFen: integer(500),
              offline: boolean(false),
              sourceId: like(PACT_AIGC_FLAGGED_ID),
              mode: oneOf(['rewrite', 'strong', 'polish'], 'rewrite'),
              aiCharRatioBefore: number(0.6604),
              aiCharRatioAfter: nullValue(),
              paragraphRewritten: integer(0),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const lowered = await paperAigcAigcMachineSubmit({ id: PACT_AIGC_FLAGGED_ID, mode: 'rewrite' });
        expect(lowered).toMatchObject({ kind: 'lower', status: 'queued', sourceId: PACT_AIGC_FLAGGED_ID, mode: 'rewrite', aiCharRatioAfter: null });
        expect(lowered.aiCharRatioBefore).toBeGreaterThan(0);
      });
  });
});

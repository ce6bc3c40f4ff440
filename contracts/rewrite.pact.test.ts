import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  machineDelete,
  machineDownloadReport,
  machineMachineCnkiInit,
  machineMachineCnkiSubmit,
  machineMachineInit,
  machineMachineSubmit,
  machineQueryList,
  machineWordCount,
  paperMachineSubmitCheck,
  paperMachineAcceptContent,
  paperMachineDelete,
  paperMachineDownload,
  paperMachineLoadById,
  paperMachineLoadContentById,
  paperMachineMachineInit,
  paperMachineMachineSubmit,
  paperMachineQueryContentList,
  paperMachineQueryList,
  paperMachineReload,
  paperMachineWordCount,
} from '../src/api/gen/rewrite/rewrite';
import { TASK_STATUSES, anyId, chinese, failure, isoTime, oneOf, ok } from './matchers';
import { multipartBody } from './multipart';
import { BEARER, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import {
  PACT_CNKI_DRAFT_ID,
  PACT_MISSING_ID,
  PACT_REPORT_ID,
  PACT_SMART_DRAFT_ID,
  PACT_REWRITE_DELETE_ID,
  PACT_REWRITE_DRAFT_ID,
  PACT_REWRITE_DOCX_ID,
  PACT_REWRITE_ID,
  PACT_REWRITE_PAIR_ID,
  PACT_REWRITE_UNPAID_ID,
  PACT_SMART_DELETE_ID,
  STATES,
} from './states';

const { like, integer, number, boolean, eachLike, nullValue } = MatchersV3;

const MODES = ['rewrite', 'strong', 'polish', 'smart', 'cnki'];
const TITLE = '中文文本相似度检测方法研究';

/** What a rewording record carries that the screens read (lists, progress, the comparison header). */
const record = (fields: Record<string, unknown>) => ({
  id: anyId(),
  title: chinese(TITLE),
  status: oneOf(TASK_STATUSES),
  progress: integer(100),
  priceFen: integer(500),
  charCount: integer(96),
  createdAt: isoTime(),
  error: nullValue(),
  offline: boolean(false),
  mode: oneOf(MODES, 'rewrite'),
  source: oneOf(['upload', 'check', 'aigc', 'check-aigc'], 'upload'),
  paragraphTotal: integer(2),
  paragraphRewritten: integer(2),
  paragraphAccepted: integer(2),
  similarityBefore: number(0.4215),
  similarityAfter: number(0.0832),
  protectedTerms: eachLike('文本相似度', 0),
  sentenceRewritten: integer(2),
  sentenceKept: integer(0),
  keptReasons: eachLike({ reason: oneOf(['heading', 'references', 'no-safe-edit'], 'no-safe-edit'), count: integer(1) }, 0),
  termsChecked: integer(1),
  termsKept: boolean(true),
  lostTerms: eachLike('大语言模型', 0),
  docxInPlace: boolean(false),
  paragraphKeptInDocx: integer(0),
  refundedFen: integer(0),
  ...fields,
});

/** A record not yet rewritten: no sentence counted, no term checked. */
const UNCHECKED = { sentenceRewritten: nullValue(), sentenceKept: nullValue(), termsChecked: nullValue(), termsKept: nullValue() };

/** A paragraph pair with every figure the comparison view shows. */
const pair = (fields: Record<string, unknown> = {}) => ({
  id: anyId(PACT_REWRITE_PAIR_ID),
  index: integer(0),
  original: chinese('文本相似度计算在学术不端检测中发挥着重要作用。'),
  rewritten: like('在学术不端的识别工作里，文本相似度计算占据重要位置。'),
  status: oneOf(TASK_STATUSES, 'done'),
  offline: boolean(false),
  similarityToOriginal: number(0.12),
  bigramOverlap: number(0.64),
  protectedKept: boolean(true),
  role: oneOf(['body', 'title', 'heading', 'references'], 'body'),
  termsKept: boolean(true),
  lostTerms: eachLike('大语言模型', 0),
  sentences: eachLike({ start: integer(0), end: integer(23), status: oneOf(['rewritten', 'kept'], 'rewritten') }),
  similarityBefore: number(0.8),
  similarityAfter: number(0),
  accepted: boolean(true),
  docxKept: nullValue(),
  ...fields,
});

describe('rewrite contract', () => {
  it('the rewrites list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a list of the rewrite records without a token',
      method: 'POST',
      path: '/api/base/paper_machine_api/query_list',
      request: (req) => req.query({ pageNo: '1', pageSize: '10' }).jsonBody({ mode: 'rewrite' }),
      call: () => paperMachineQueryList({ mode: 'rewrite' }, { pageNo: 1, pageSize: 10 }),
    }));

  it('the records page lists the whole-paper rewrites, newest first', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a list of the rewrite records of one mode')
      .withRequest('POST', '/api/base/paper_machine_api/query_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ mode: 'rewrite' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(10), total: integer(1), records: eachLike(record({ status: 'done' })) })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await paperMachineQueryList({ mode: 'rewrite' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ status: 'done', mode: 'rewrite', similarityAfter: 0.0832 });
      });
  });

  it('the smart records page lists machine_api records', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.smartDone)
      .uponReceiving('a list of the smart rewrite records')
      .withRequest('POST', '/api/base/machine_api/query_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ mode: 'smart' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({ pageNo: integer(1), pageSize: integer(10), total: integer(1), records: eachLike(record({ status: 'done', mode: 'smart', offline: true })) }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await machineQueryList({ mode: 'smart' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ mode: 'smart', offline: true });
      });
  });

  it('the comparison view loads the record and its paragraph pairs with their figures', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a finished rewrite record')
      .withRequest('POST', '/api/base/paper_machine_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ id: PACT_REWRITE_ID, status: 'done' }))));
    await pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('the paragraph pairs of a finished rewrite')
      .withRequest('POST', '/api/base/paper_machine_api/query_content_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_ID, pageNo: '1', pageSize: '100' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(100), total: integer(2), records: eachLike(pair()) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperMachineLoadById({ id: PACT_REWRITE_ID })).toMatchObject({ id: PACT_REWRITE_ID, status: 'done', sentenceRewritten: 2, termsKept: true });
        const page = await paperMachineQueryContentList({ id: PACT_REWRITE_ID, pageNo: 1, pageSize: 100 });
        expect(page.records[0]).toMatchObject({ status: 'done', similarityToOriginal: 0.12, accepted: true, role: 'body', termsKept: true });
        expect(page.records[0].sentences[0]).toMatchObject({ start: 0, status: 'rewritten' });
      });
  });

  it('the comparison view of a .docx rewrite says the download is the student’s file, and which paragraph keeps its text', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.rewriteDocxDone)
      .uponReceiving('a finished rewrite of an uploaded .docx with a paragraph the file cannot take in place')
      .withRequest('POST', '/api/base/paper_machine_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_DOCX_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ id: PACT_REWRITE_DOCX_ID, status: 'done', docxInPlace: true, paragraphKeptInDocx: integer(1) }))));
    await pact
      .addInteraction()
      .given(STATES.rewriteDocxDone)
      .uponReceiving('the paragraph pairs of a .docx rewrite, the second kept in its text box')
      .withRequest('POST', '/api/base/paper_machine_api/query_content_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_DOCX_ID, pageNo: '1', pageSize: '100' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(100), total: integer(2), records: [pair({ id: like(`${PACT_REWRITE_DOCX_ID}-p0`) }), pair({ id: like(`${PACT_REWRITE_DOCX_ID}-p1`), index: integer(1), docxKept: 'textbox' })] })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperMachineLoadById({ id: PACT_REWRITE_DOCX_ID })).toMatchObject({ docxInPlace: true, paragraphKeptInDocx: 1 });
        const page = await paperMachineQueryContentList({ id: PACT_REWRITE_DOCX_ID, pageNo: 1, pageSize: 100 });
        expect(page.records.map((p) => p.docxKept)).toEqual([null, 'textbox']);
      });
  });

  it('a record that is not the user\'s is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a rewrite record that does not exist')
      .withRequest('POST', '/api/base/paper_machine_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_ID }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await failureOf(paperMachineLoadById({ id: PACT_MISSING_ID }))).status).toBe(404);
      });
  });

  it('re-runs one paragraph (queued), polls it, and accepts or rejects it', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a re-run of one paragraph')
      .withRequest('POST', '/api/base/paper_machine_api/reload', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_PAIR_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(pair({ id: PACT_REWRITE_PAIR_ID, status: 'queued' }))));
    pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a poll of one paragraph pair')
      .withRequest('POST', '/api/base/paper_machine_api/load_content_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_PAIR_ID }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(pair({ id: PACT_REWRITE_PAIR_ID }))));
    await pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a paragraph rejected (original kept)')
      .withRequest('POST', '/api/base/paper_machine_api/accept_content', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REWRITE_PAIR_ID, accepted: false }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(pair({ id: PACT_REWRITE_PAIR_ID, accepted: false }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperMachineReload({ id: PACT_REWRITE_PAIR_ID })).toMatchObject({ status: 'queued' });
        expect(await paperMachineLoadContentById({ id: PACT_REWRITE_PAIR_ID })).toMatchObject({ status: 'done' });
        expect(await paperMachineAcceptContent({ id: PACT_REWRITE_PAIR_ID, accepted: false })).toMatchObject({ accepted: false });
      });
  });

  it('downloads the rewritten paper as .docx, with the changes marked', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a download of the rewritten paper with changes marked')
      .withRequest('POST', '/api/base/paper_machine_api/download', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_ID, marked: 'true' }),
      )
      .willRespondWith(200, (res) =>
        res.binaryFile('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'contracts/fixtures/rewritten.docx'),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const file = (await paperMachineDownload({ id: PACT_REWRITE_ID, marked: true })) as unknown as Blob;
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 2))).toBe('PK');
      });
  });

  it('prices a pasted text, creates the draft and pays for it', async () => {
    const content = '随着互联网技术的快速发展，文本相似度计算在学术不端检测中发挥着重要作用。';
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a word count of a text to reword strongly')
      .withRequest('POST', '/api/base/paper_machine_api/word_count', (req) => req.headers({ Authorization: BEARER }).jsonBody({ content, mode: 'strong' }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ charCount: integer(37), priceFen: integer(500) })));
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a pasted paper to reword strongly with a protected term')
      .withRequest('POST', '/api/base/paper_machine_api/machine_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'content', value: content },
          { name: 'title', value: TITLE },
          { name: 'mode', value: 'strong' },
          { name: 'protectedTerms', value: '文本相似度' },
        ]),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ ...UNCHECKED, status: 'draft', mode: 'strong', paragraphTotal: integer(0), similarityBefore: nullValue(), similarityAfter: nullValue() }))));
    await pact
      .addInteraction()
      .given(STATES.draftRewrite)
      .given(STATES.funded)
      .uponReceiving('the submission of a draft rewrite')
      .withRequest('POST', '/api/base/paper_machine_api/machine_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REWRITE_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ ...UNCHECKED, id: PACT_REWRITE_DRAFT_ID, status: 'queued', mode: 'strong', similarityBefore: nullValue(), similarityAfter: nullValue() }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperMachineWordCount({ content, mode: 'strong' })).toEqual({ charCount: 37, priceFen: 500 });
        const draft = await paperMachineMachineInit({ content, title: TITLE, mode: 'strong', protectedTerms: ['文本相似度'] });
        expect(draft).toMatchObject({ status: 'draft', mode: 'strong' });
        expect(await paperMachineMachineSubmit({ id: PACT_REWRITE_DRAFT_ID })).toMatchObject({ status: 'queued' });
      });
  });

  it('a submission without enough balance is refused with 409 and charges nothing', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.unpaidDraftRewrite)
      .given(STATES.broke)
      .uponReceiving('the submission of a draft rewrite without balance')
      .withRequest('POST', '/api/base/paper_machine_api/machine_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_REWRITE_UNPAID_ID }))
      .willRespondWith(409, (res) => res.jsonBody(failure('INSUFFICIENT_BALANCE', '余额不足，请先充值')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(paperMachineMachineSubmit({ id: PACT_REWRITE_UNPAID_ID }));
        expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
      });
  });

  it('deletes a finished record of either API', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.deletableRewrite)
      .uponReceiving('a delete of a finished rewrite')
      .withRequest('POST', '/api/base/paper_machine_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_DELETE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_REWRITE_DELETE_ID, deleted: true })));
    await pact
      .addInteraction()
      .given(STATES.deletableSmart)
      .uponReceiving('a delete of a finished smart rewrite')
      .withRequest('POST', '/api/base/machine_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_SMART_DELETE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_SMART_DELETE_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperMachineDelete({ id: PACT_REWRITE_DELETE_ID })).toEqual({ id: PACT_REWRITE_DELETE_ID, deleted: true });
        expect(await machineDelete({ id: PACT_SMART_DELETE_ID })).toEqual({ id: PACT_SMART_DELETE_ID, deleted: true });
      });
  });
  it('智能降重 and 学术库降重: price, create the draft and pay for it through machine_api', async () => {
    const content = '乡村振兴战略的实施离不开数字技术的支撑。近年来，农村电商快速发展，为农民增收开辟了新渠道。';
    const title = '数字经济背景下农村电商发展路径研究';
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a word count of a text for smart rewording')
      .withRequest('POST', '/api/base/machine_api/word_count', (req) => req.headers({ Authorization: BEARER }).jsonBody({ content, mode: 'smart' }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ charCount: integer(44), priceFen: integer(500) })));
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a pasted paper for smart rewording')
      .withRequest('POST', '/api/base/machine_api/machine_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'content', value: content },
          { name: 'title', value: title },
          { name: 'protectedTerms', value: '农村电商' },
        ]),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ ...UNCHECKED, status: 'draft', mode: 'smart', offline: true, paragraphTotal: integer(0), similarityBefore: nullValue(), similarityAfter: nullValue() }))));
    pact
      .addInteraction()
      .given(STATES.draftSmart)
      .given(STATES.funded)
      .uponReceiving('the submission of a smart draft')
      .withRequest('POST', '/api/base/machine_api/machine_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_SMART_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ ...UNCHECKED, id: PACT_SMART_DRAFT_ID, status: 'queued', mode: 'smart', similarityBefore: nullValue(), similarityAfter: nullValue() }))));
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a pasted paper for academic-database rewording')
      .withRequest('POST', '/api/base/machine_api/machine_cnki_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'content', value: content },
          { name: 'title', value: title },
        ]),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ ...UNCHECKED, status: 'draft', mode: 'cnki', paragraphTotal: integer(0), similarityBefore: nullValue(), similarityAfter: nullValue() }))));
    await pact
      .addInteraction()
      .given(STATES.draftCnki)
      .given(STATES.funded)
      .uponReceiving('the submission of an academic-database draft')
      .withRequest('POST', '/api/base/machine_api/machine_cnki_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_CNKI_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ ...UNCHECKED, id: PACT_CNKI_DRAFT_ID, status: 'queued', mode: 'cnki', similarityBefore: nullValue(), similarityAfter: nullValue() }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await machineWordCount({ content, mode: 'smart' })).toEqual({ charCount: 44, priceFen: 500 });
        expect(await machineMachineInit({ content, title, protectedTerms: ['农村电商'] })).toMatchObject({ status: 'draft', mode: 'smart', offline: true });
        expect(await machineMachineSubmit({ id: PACT_SMART_DRAFT_ID })).toMatchObject({ status: 'queued' });
        expect(await machineMachineCnkiInit({ content, title })).toMatchObject({ status: 'draft', mode: 'cnki' });
        expect(await machineMachineCnkiSubmit({ id: PACT_CNKI_DRAFT_ID })).toMatchObject({ status: 'queued' });
      });
  });

  it('学术库降重 from a finished 查重 report: only its id and the title are sent, the draft is priced as the rewrite alone', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('an academic-database rewording of a finished check report')
      .withRequest('POST', '/api/base/machine_api/machine_cnki_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'title', value: TITLE },
          { name: 'checkId', value: PACT_REPORT_ID },
        ]),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok(record({ status: 'draft', mode: 'cnki', progress: integer(0), paragraphTotal: integer(0), similarityBefore: nullValue(), similarityAfter: nullValue(), ...UNCHECKED }))),
      );
    await pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('an academic-database rewording of a check that is not the caller’s')
      .withRequest('POST', '/api/base/machine_api/machine_cnki_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'title', value: TITLE },
          { name: 'checkId', value: PACT_MISSING_ID },
        ]),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await machineMachineCnkiInit({ title: TITLE, checkId: PACT_REPORT_ID })).toMatchObject({ status: 'draft', mode: 'cnki' });
        expect(await failureOf(machineMachineCnkiInit({ title: TITLE, checkId: PACT_MISSING_ID }))).toMatchObject({ status: 404 });
      });
  });

  it('re-checks the rewritten text with 查重 and downloads the rewrite report', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .given(STATES.funded)
      .uponReceiving('a 查重 of a finished rewrite')
      .withRequest('POST', '/api/base/paper_machine_api/submit_check', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_REWRITE_ID, checkId: anyId(), status: 'queued', priceFen: integer(300) })));
    await pact
      .addInteraction()
      .given(STATES.rewriteDone)
      .uponReceiving('a download of the rewrite report')
      .withRequest('GET', '/api/base/machine_api/download_report', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_REWRITE_ID }))
      .willRespondWith(200, (res) =>
        res.binaryFile('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'contracts/fixtures/rewritten.docx'),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperMachineSubmitCheck({ id: PACT_REWRITE_ID })).toMatchObject({ status: 'queued', priceFen: 300 });
        const file = (await machineDownloadReport({ id: PACT_REWRITE_ID })) as unknown as Blob;
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 2))).toBe('PK');
      });
  });
});


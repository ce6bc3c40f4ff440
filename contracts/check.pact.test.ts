import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  checkCheckCost,
  checkCheckInit,
  checkCheckMachineSubmit,
  checkCheckSubmit,
  checkDelete,
  checkDownloadReport,
  checkLoadById,
  checkQueryList,
  checkReportParagraphs,
  checkUpdateTitle,
  checkWordCount,
} from '../src/api/gen/check/check';
import { TASK_STATUSES, anyId, chinese, failure, isoTime, listOf, oneOf, ok } from './matchers';
import { multipartBody } from './multipart';
import { BEARER, bearer, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import {
  PACT_DELETABLE_ID,
  PACT_DRAFT_ID,
  PACT_EXPIRED_TOKEN,
  PACT_MISSING_ID,
  PACT_REPORT_ID,
  PACT_SUBMITTED_ID,
  PACT_UNPAID_DRAFT_ID,
  STATES,
} from './states';

const { like, integer, number, boolean, eachLike, nullValue } = MatchersV3;

const SUBMITTED = ['queued', 'running', 'done'];
const REWRITE_STATUSES = ['none', 'waiting', 'unavailable', 'created'];
const SECTION_KINDS = ['cover', 'toc', 'abstract', 'body', 'references', 'acknowledgements', 'declaration'];
const EXAMPLE_TITLE = '基于深度学习的中文文本相似度研究';

/** What every check record carries that a screen reads (lists, the confirm page, the dialogs). */
const record = (fields: Record<string, unknown>) => ({
  id: anyId(),
  title: chinese(EXAMPLE_TITLE),
  author: like('张三'),
  status: oneOf(TASK_STATUSES),
  progress: integer(0),
  priceFen: integer(300),
  charCount: integer(12850),
  createdAt: isoTime(),
  error: nullValue(),
  freeCheck: boolean(false),
  addToLibrary: boolean(false),
  rewriteStatus: oneOf(REWRITE_STATUSES),
  ...fields,
});

const FIGURES = {
  totalRatio: number(0.5649),
  ratioExcludingQuotes: number(0.5649),
  ratioExcludingSelf: number(0.5649),
  maxSingleRatio: number(0.5649),
  totalChars: integer(154),
  matchedChars: integer(87),
  quotedChars: integer(0),
  paragraphCount: integer(2),
  suspectParagraphCount: integer(1),
  frontMatchedChars: integer(0),
  rearMatchedChars: integer(0),
  sourceCount: integer(1),
  referencesExcluded: boolean(true),
};

/** The draft the confirm page (/paper/submit/$id) shows before payment. */
const draft = (id: string) =>
  record({
    id,
    status: 'draft',
    sourceType: oneOf(['upload', 'paste'], 'paste'),
    fileName: nullValue(),
    figures: nullValue(),
    rewriteStatus: 'none',
  });

describe('check contract', () => {
  it('the checks list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a request for the checks without a token',
      method: 'POST',
      path: '/api/base/check_api/query_list',
      request: (req) => req.query({ pageNo: '1', pageSize: '10' }),
      call: () => checkQueryList(undefined, { pageNo: 1, pageSize: 10 }),
    }));

  it('查重记录: the finished checks with their figures, newest first', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a request for the finished checks, first page')
      .withRequest('POST', '/api/base/check_api/query_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ status: 'done' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            records: eachLike(record({ status: 'done', progress: integer(100), figures: { totalRatio: number(0.5649) } })),
            total: integer(1),
            pageNo: 1,
            pageSize: 10,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await checkQueryList({ status: 'done' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ status: 'done', figures: { totalRatio: 0.5649 } });
        expect(page.total).toBe(1);
      });
  });

  it('an expired token is refused with 401, which asks the user to log in again', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.tokenExpired)
      .uponReceiving('a request for the checks with an expired token')
      .withRequest('POST', '/api/base/check_api/query_list', (req) =>
        req.headers({ Authorization: bearer(PACT_EXPIRED_TOKEN) }).query({ pageNo: '1', pageSize: '10' }),
      )
      .willRespondWith(401, (res) => res.jsonBody(failure('UNAUTHORIZED', '未登录或登录已过期，请重新登录')))
      .executeTest(async (server) => {
        useMockServer(server.url, { token: PACT_EXPIRED_TOKEN });
        const error = await failureOf(checkQueryList(undefined, { pageNo: 1, pageSize: 10 }));
        expect(error.status).toBe(401);
      });
  });

  it('word_count prices the pasted text', async () => {
    const content = '随着互联网技术的快速发展，文本相似度计算在学术不端检测中发挥着重要作用。';
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a word count of a pasted paragraph')
      .withRequest('POST', '/api/base/check_api/word_count', (req) => req.headers({ Authorization: BEARER }).jsonBody({ content }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ charCount: integer(37), priceFen: integer(300) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await checkWordCount({ content })).toEqual({ charCount: 37, priceFen: 300 });
      });
  });

  it('check_init uploads a file with its title and author as multipart and gets the draft', async () => {
    const text = '摘要\n随着互联网技术的快速发展，文本相似度计算在学术不端检测中发挥着重要作用。';
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('an upload of a .txt paper')
      .withRequest('POST', '/api/base/check_api/check_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'file', value: text, file: { name: 'paper.txt', type: 'text/plain' } },
          { name: 'title', value: EXAMPLE_TITLE },
          { name: 'author', value: '张三' },
        ]),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(record({ status: 'draft', sourceType: 'upload', fileName: 'paper.txt', figures: nullValue(), rewriteStatus: 'none' })),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const file = new File([text], 'paper.txt', { type: 'text/plain' });
        const created = await checkCheckInit({ file, title: EXAMPLE_TITLE, author: '张三' });
        expect(created).toMatchObject({ status: 'draft', sourceType: 'upload', fileName: 'paper.txt' });
      });
  });

  it('check_init without a title is refused with 400 and a message shown under the form', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a pasted paper without a title')
      .withRequest('POST', '/api/base/check_api/check_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'content', value: '随着互联网技术的快速发展，学术论文的数量迅速增长。' },
          { name: 'title', value: '' },
        ]),
      )
      .willRespondWith(400, (res) => res.jsonBody(failure('VALIDATION_FAILED', '请求参数不正确：title 不能为空')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkCheckInit({ content: '随着互联网技术的快速发展，学术论文的数量迅速增长。', title: '' }));
        expect(error).toMatchObject({ status: 400, message: '请求参数不正确：title 不能为空' });
      });
  });

  it('the confirm page loads the draft', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftCheck)
      .uponReceiving('a request for a draft check')
      .withRequest('POST', '/api/base/check_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(draft(PACT_DRAFT_ID))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await checkLoadById({ id: PACT_DRAFT_ID })).toMatchObject({ id: PACT_DRAFT_ID, status: 'draft', figures: null });
      });
  });

  it('a check that does not exist (or is another user’s) is 404 with a message', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for a check that does not exist')
      .withRequest('POST', '/api/base/check_api/load_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_ID }),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkLoadById({ id: PACT_MISSING_ID }));
        expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: '记录不存在' });
      });
  });

  it('check_cost quotes the price against the balance, with the warnings to read before paying', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftCheck)
      .given(STATES.funded)
      .uponReceiving('a cost check of a mostly English draft')
      .withRequest('POST', '/api/base/check_api/check_cost', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_DRAFT_ID }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            priceFen: integer(300),
            chargeFen: integer(300),
            purpose: chinese('论文查重：文本复用检测方法比较'),
            billing: 'fixed',
            balanceFen: integer(5000),
            balanceAfterFen: integer(4700),
            freeCheck: boolean(false),
            enough: true,
            engine: nullValue(),
            charCount: integer(1200),
            rate: like({ unitChars: 1000, unitFen: 100, minFen: 300 }),
            warnings: eachLike({
              code: oneOf(['library_empty', 'library_small', 'little_chinese'], 'little_chinese'),
              message: chinese('本系统比对库以中文文献为主，英文内容的检测结果可能偏低（本文中文字符约占 17%）。'),
            }),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const cost = await checkCheckCost({ id: PACT_DRAFT_ID });
        expect(cost).toMatchObject({ enough: true, balanceFen: 5000 });
        expect(cost.warnings[0].code).toBe('little_chinese');
      });
  });

  it('check_submit pays and queues the draft', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftCheck)
      .given(STATES.funded)
      .uponReceiving('a submission of a draft with enough balance')
      .withRequest('POST', '/api/base/check_api/check_submit', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_DRAFT_ID, addToLibrary: false, excludeSelf: true }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok(record({ id: PACT_DRAFT_ID, status: oneOf(SUBMITTED, 'queued'), addToLibrary: false, rewriteStatus: 'none' }))),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const submitted = await checkCheckSubmit({ id: PACT_DRAFT_ID, addToLibrary: false, excludeSelf: true });
        expect(submitted).toMatchObject({ id: PACT_DRAFT_ID, status: 'queued' });
      });
  });

  it('check_submit without enough balance is 409 INSUFFICIENT_BALANCE, which shows 去充值', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.unpaidDraftCheck)
      .given(STATES.broke)
      .uponReceiving('a submission of a draft without enough balance')
      .withRequest('POST', '/api/base/check_api/check_submit', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_UNPAID_DRAFT_ID, addToLibrary: false, excludeSelf: true }),
      )
      // The confirm page branches on this code, so it is pinned exactly.
      .willRespondWith(409, (res) => res.jsonBody(failure(oneOf(['INSUFFICIENT_BALANCE']), '余额不足，请先充值')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkCheckSubmit({ id: PACT_UNPAID_DRAFT_ID, addToLibrary: false, excludeSelf: true }));
        expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
      });
  });

  it('check_submit of a check already submitted is 409 with a message', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.submittedCheck)
      .uponReceiving('a second submission of the same check')
      .withRequest('POST', '/api/base/check_api/check_submit', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_SUBMITTED_ID, addToLibrary: false, excludeSelf: true }),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('TASK_ALREADY_SUBMITTED', '该论文已提交查重，请勿重复提交')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkCheckSubmit({ id: PACT_SUBMITTED_ID, addToLibrary: false, excludeSelf: true }));
        expect(error).toMatchObject({ status: 409, message: '该论文已提交查重，请勿重复提交' });
      });
  });

  it('check_machine_submit queues the check and asks for 降重 afterwards', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftCheck)
      .given(STATES.funded)
      .uponReceiving('a submission of a draft with rewording afterwards')
      .withRequest('POST', '/api/base/check_api/check_machine_submit', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_DRAFT_ID, mode: 'strong' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(
            record({
              id: PACT_DRAFT_ID,
              status: oneOf(SUBMITTED, 'queued'),
              rewriteMode: 'strong',
              rewriteStatus: oneOf(['waiting', 'unavailable', 'created'], 'waiting'),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await checkCheckMachineSubmit({ id: PACT_DRAFT_ID, mode: 'strong' })).toMatchObject({ rewriteMode: 'strong' });
      });
  });

  it('update_title renames a check and returns the record', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftCheck)
      .uponReceiving('a new title and author for a check')
      .withRequest('POST', '/api/base/check_api/update_title', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_DRAFT_ID }).jsonBody({ title: '中文文本复用检测方法比较', author: '张三' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(ok(record({ id: PACT_DRAFT_ID, title: '中文文本复用检测方法比较', author: '张三' }))),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const renamed = await checkUpdateTitle({ title: '中文文本复用检测方法比较', author: '张三' }, { id: PACT_DRAFT_ID });
        expect(renamed.title).toBe('中文文本复用检测方法比较');
      });
  });

  it('delete removes a check', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.deletableCheck)
      .uponReceiving('a deletion of a finished check')
      .withRequest('POST', '/api/base/check_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_DELETABLE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_DELETABLE_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await checkDelete({ id: PACT_DELETABLE_ID })).toEqual({ id: PACT_DELETABLE_ID, deleted: true });
      });
  });

  it('report_paragraphs gives the report: figures, 检测范围, sections, sources and marked paragraphs', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a request for a finished report')
      .withRequest('GET', '/api/base/check_api/report_paragraphs', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            id: PACT_REPORT_ID,
            title: chinese(EXAMPLE_TITLE),
            author: like('张三'),
            generatedAt: isoTime(),
            figures: FIGURES,
            scope: {
              documents: integer(1),
              chars: integer(124),
              collections: eachLike({
                name: like('计算机学报'),
                kind: oneOf(['import', 'submission']),
                documents: integer(1),
                chars: integer(124),
              }),
            },
            sections: eachLike({
              index: integer(0),
              kind: oneOf(SECTION_KINDS, 'abstract'),
              heading: like('摘要'),
              charCount: integer(89),
              matchedChars: integer(87),
              ratio: number(0.9775),
              excluded: boolean(false),
            }),
            // The state's report copies a library document that names its author, source, year and URL.
            sources: eachLike({
              id: anyId('lib-pact-source'),
              title: chinese('中文文本相似度计算方法综述'),
              origin: oneOf(['library', 'submission', 'own']),
              author: like('李明'),
              source: like('计算机学报'),
              year: integer(2019),
              url: like('https://example.org/papers/text-similarity-survey'),
              matchedChars: integer(87),
              ratio: number(0.5649),
            }),
            paragraphs: eachLike({
              index: integer(0),
              headings: listOf(like('摘要')),
              section: oneOf(SECTION_KINDS, 'abstract'),
              sectionIndex: integer(0),
              text: chinese('文本相似度计算在学术不端检测中发挥着重要作用。'),
              charCount: integer(23),
              matchedChars: integer(23),
              ratio: number(1),
              sentences: listOf({ start: integer(0), end: integer(23), mark: oneOf(['red', 'orange', 'cited', 'none'], 'red') }),
              matches: listOf({
                start: integer(0),
                end: integer(23),
                sourceId: anyId('lib-pact-source'),
                sourceText: chinese('文本相似度计算在学术不端检测中发挥着重要作用。'),
              }),
            }),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const report = await checkReportParagraphs({ id: PACT_REPORT_ID });
        expect(report.sources[0].origin).toBe('library');
        expect(report.paragraphs[0].sentences[0].mark).toBe('red');
        expect(report.scope?.collections[0].kind).toBe('import');
      });
  });

  it('the report of a check not finished yet is 409 with a message the report page shows', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.draftCheck)
      .uponReceiving('a request for the report of a draft')
      .withRequest('GET', '/api/base/check_api/report_paragraphs', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_DRAFT_ID }),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('REPORT_NOT_READY', '查重尚未完成，报告暂不可查看')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(checkReportParagraphs({ id: PACT_DRAFT_ID }));
        expect(error).toMatchObject({ status: 409, message: '查重尚未完成，报告暂不可查看' });
      });
  });

  it('downloads a finished report as a PDF with a GET', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a download of a finished check report as PDF')
      .withRequest('GET', '/api/base/check_api/download_report', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID, format: 'pdf' }),
      )
      .willRespondWith(200, (res) => res.binaryFile('application/pdf', 'contracts/fixtures/report.pdf'))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const file = (await checkDownloadReport({ id: PACT_REPORT_ID, format: 'pdf' })) as unknown as Blob;
        expect(file.type).toBe('application/pdf');
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      });
  });
});

import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  aiPaperInfoCommitPaper,
  aiPaperInfoDelete,
  aiPaperInfoDeleteContent,
  aiPaperInfoDownload,
  aiPaperInfoGeneratePaper,
  aiPaperInfoLoadById,
  aiPaperInfoQueryContentList,
  aiPaperInfoQueryList,
  aiPaperInfoReload,
  aiPaperInfoUpdateContent,
  paperInfoDelete,
  paperInfoDownload,
  paperInfoLoadById,
  paperInfoLoadOtherById,
  paperInfoPaperSubmit,
  paperInfoPaperXueshuSubmit,
  paperInfoQueryContentList,
  paperInfoQueryList,
} from '../src/api/gen/paper/paper';
import { TASK_STATUSES, anyId, chinese, isoTime, listOf, oneOf, ok } from './matchers';
import { BEARER, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import {
  PACT_PAPER_DELETE_ID,
  PACT_PAPER_DELETE_SECTION_ID,
  PACT_PAPER_ID,
  PACT_PAPER_INFO_DELETE_ID,
  PACT_PAPER_INFO_ID,
  PACT_PAPER_OUTLINE_ID,
  PACT_PAPER_SECTION_ID,
  STATES,
} from './states';

const { like, integer, boolean, eachLike, nullValue } = MatchersV3;

const DEGREES = ['junior-college', 'bachelor', 'master', 'doctor', 'journal'];
const STAGES = ['outline', 'writing', 'done'];
const REFERENCE = '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What every paper record carries that the lists and headers read. */
const record = (fields: Record<string, unknown> = {}) => ({
  id: anyId(),
  title: chinese('基于深度学习的中文文本相似度研究'),
  status: oneOf(TASK_STATUSES, 'done'),
  progress: integer(100),
  priceFen: integer(990),
  charCount: integer(300),
  createdAt: isoTime(),
  offline: boolean(false),
  discipline: chinese('计算机科学与技术'),
  degree: oneOf(DEGREES, 'journal'),
  targetLength: integer(5000),
  keywords: eachLike('文本相似度', 0),
  stage: oneOf(STAGES, 'done'),
  sectionCount: integer(5),
  sectionsDone: integer(5),
  ...fields,
});

/** A chapter of the outline as the outline editor reads and sends it. */
const chapter = {
  heading: chinese('第1章 引言'),
  targetLength: integer(800),
  sections: listOf({ heading: chinese('1.1 研究背景'), targetLength: integer(400), points: listOf(chinese('说明背景')) }),
};

/** The detail: the record with the user's references, the outline and where it came from. */
const detail = (fields: Record<string, unknown> = {}) =>
  record({
    references: eachLike(REFERENCE, 0),
    outline: { chapters: eachLike(chapter) },
    outlineSource: oneOf(['model', 'template'], 'model'),
    outlineNote: nullValue(),
    abstract: like(''),
    englishAbstract: nullValue(),
    removedCitations: integer(0),
    ...fields,
  });

/** A section as the content page shows it while and after it is written. */
const section = (fields: Record<string, unknown> = {}) => ({
  id: anyId(PACT_PAPER_SECTION_ID),
  paperId: anyId(PACT_PAPER_ID),
  index: integer(0),
  level: integer(1),
  heading: chinese('第1章 引言'),
  content: like('本节讨论引言的相关问题，已有研究给出了系统的梳理[1]。'),
  charCount: integer(26),
  targetLength: integer(800),
  status: oneOf(TASK_STATUSES, 'done'),
  error: nullValue(),
  offline: boolean(false),
  ...fields,
});

const page = (records: unknown) => ok({ pageNo: integer(1), pageSize: integer(10), total: integer(1), records });

describe('paper contract: ai_paper_info_api', () => {
  it('the AI papers list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a list of the AI papers without a token',
      method: 'POST',
      path: '/api/base/ai_paper_info_api/query_list',
      request: (req) => req.query({ pageNo: '1', pageSize: '10' }),
      call: () => aiPaperInfoQueryList(undefined, { pageNo: 1, pageSize: 10 }),
    }));

  it('generate_paper: a draft with the outline the model drafted, to edit before anything is charged', async () => {
    const form = { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree: 'bachelor' as const, length: 15000, keywords: ['文本相似度'], references: [REFERENCE] };
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.writingModel)
      .uponReceiving('a title and requirements for a new paper')
      .withRequest('POST', '/api/base/ai_paper_info_api/generate_paper', (req) => req.headers({ Authorization: BEARER }).jsonBody(form))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(
            detail({
              status: 'draft',
              stage: 'outline',
              progress: integer(0),
              sectionCount: integer(0),
              sectionsDone: integer(0),
              degree: oneOf(DEGREES, 'bachelor'),
              outlineSource: oneOf(['model', 'template'], 'model'),
              references: eachLike(REFERENCE),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const paper = await aiPaperInfoGeneratePaper(form);
        expect(paper).toMatchObject({ stage: 'outline', status: 'draft', references: [REFERENCE] });
        expect(paper.outline?.chapters[0].heading).toBe('第1章 引言');
      });
  });

  it("generate_paper beyond today's free outlines: 429 FREE_USES_EXHAUSTED, shown under the form", async () => {
    const form = { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree: 'bachelor' as const, length: 15000 };
    const message = '今日免费AI 生成论文大纲次数已用完（每个账号每天 10 次），请明天再试';
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.outlinesSpent)
      .uponReceiving('a new paper after the free outlines of the day are used')
      .withRequest('POST', '/api/base/ai_paper_info_api/generate_paper', (req) => req.headers({ Authorization: BEARER }).jsonBody(form))
      .willRespondWith(429, (res) =>
        res.jsonBody({
          success: false,
          error: { code: 'FREE_USES_EXHAUSTED', message: chinese(message), details: { action: 'outline', perDay: integer(10), retryAfterSeconds: integer(3600) } },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(aiPaperInfoGeneratePaper(form));
        expect(error).toMatchObject({ status: 429, code: 'FREE_USES_EXHAUSTED' });
        expect(error.message).toMatch(/今日免费.*次数已用完/);
      });
  });

  it('lists the papers, loads one with its outline, and commits the edited outline', async () => {
    const outline = {
      chapters: [
        { heading: '第1章 引言', targetLength: 2000, sections: [] },
        { heading: '第2章 结论', targetLength: 1000, sections: [] },
      ],
    };
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.paperDone)
      .uponReceiving('a list of the AI papers')
      .withRequest('POST', '/api/base/ai_paper_info_api/query_list', (req) => req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }))
      .willRespondWith(200, (res) => res.jsonBody(page(eachLike(record()))));
    pact
      .addInteraction()
      .given(STATES.paperOutline)
      .uponReceiving('an AI paper whose outline awaits confirmation')
      .withRequest('POST', '/api/base/ai_paper_info_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_OUTLINE_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok(detail({ id: PACT_PAPER_OUTLINE_ID, status: 'draft', stage: 'outline', outlineSource: oneOf(['model', 'template'], 'template'), outlineNote: like('期刊学术论文·理工大纲模板（非模型生成，请按研究内容修改）') }))),
      );
    await pact
      .addInteraction()
      .given(STATES.paperOutline)
      .given(STATES.writingModel)
      .uponReceiving('the confirmed outline of an AI paper')
      .withRequest('POST', '/api/base/ai_paper_info_api/commit_paper', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_PAPER_OUTLINE_ID, outline }))
      .willRespondWith(200, (res) => res.jsonBody(ok(detail({ id: PACT_PAPER_OUTLINE_ID, status: 'queued', stage: 'writing', progress: integer(0), sectionsDone: integer(0), outlineSource: oneOf(['model', 'template'], 'template'), outlineNote: like('期刊学术论文·理工大纲模板（非模型生成，请按研究内容修改）') }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const list = await aiPaperInfoQueryList(undefined, { pageNo: 1, pageSize: 10 });
        expect(list.records[0].stage).toBe('done');
        const draft = await aiPaperInfoLoadById({ id: PACT_PAPER_OUTLINE_ID });
        expect(draft.stage).toBe('outline');
        const committed = await aiPaperInfoCommitPaper({ id: PACT_PAPER_OUTLINE_ID, outline });
        expect(committed).toMatchObject({ stage: 'writing', status: 'queued' });
      });
  });

  it('query_content_list: the sections in order with their status and text (polled while writing)', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.paperDone)
      .uponReceiving('the sections of a finished AI paper')
      .withRequest('POST', '/api/base/ai_paper_info_api/query_content_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_ID, pageNo: '1', pageSize: '100' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(100), total: integer(5), records: eachLike(section()) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const sections = await aiPaperInfoQueryContentList({ id: PACT_PAPER_ID, pageNo: 1, pageSize: 100 });
        expect(sections.records[0]).toMatchObject({ heading: '第1章 引言', status: 'done' });
      });
  });

  it('edits, reloads and deletes a section; downloads and deletes the paper', async () => {
    const content = '我修改后的引言，引用了已有研究[1]。';
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.paperDone)
      .uponReceiving('the student’s own text for a section')
      .withRequest('POST', '/api/base/ai_paper_info_api/update_content', (req) => req.headers({ Authorization: BEARER }).jsonBody({ id: PACT_PAPER_SECTION_ID, content }))
      .willRespondWith(200, (res) => res.jsonBody(ok(section({ id: PACT_PAPER_SECTION_ID, content: like(content) }))));
    pact
      .addInteraction()
      .given(STATES.paperDone)
      .given(STATES.writingModel)
      .uponReceiving('a request to write one section again')
      .withRequest('POST', '/api/base/ai_paper_info_api/reload', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_SECTION_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(section({ id: PACT_PAPER_SECTION_ID, status: oneOf(TASK_STATUSES, 'queued') }))));
    pact
      .addInteraction()
      .given(STATES.paperDone)
      .uponReceiving('a section taken out of the paper')
      .withRequest('POST', '/api/base/ai_paper_info_api/delete_content', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_DELETE_SECTION_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_PAPER_DELETE_SECTION_ID, deleted: true })));
    pact
      .addInteraction()
      .given(STATES.paperDone)
      .uponReceiving('a download of a finished AI paper')
      .withRequest('POST', '/api/base/ai_paper_info_api/download', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_ID }))
      .willRespondWith(200, (res) => res.binaryFile(DOCX, 'contracts/fixtures/paper.docx'));
    await pact
      .addInteraction()
      .given(STATES.deletablePaper)
      .uponReceiving('a deletion of an AI paper')
      .withRequest('POST', '/api/base/ai_paper_info_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_DELETE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_PAPER_DELETE_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await aiPaperInfoUpdateContent({ id: PACT_PAPER_SECTION_ID, content })).content).toBe(content);
        expect((await aiPaperInfoReload({ id: PACT_PAPER_SECTION_ID })).status).toBe('queued');
        expect(await aiPaperInfoDeleteContent({ id: PACT_PAPER_DELETE_SECTION_ID })).toEqual({ id: PACT_PAPER_DELETE_SECTION_ID, deleted: true });
        const file = (await aiPaperInfoDownload({ id: PACT_PAPER_ID })) as unknown as Blob;
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 2))).toBe('PK');
        expect(await aiPaperInfoDelete({ id: PACT_PAPER_DELETE_ID })).toEqual({ id: PACT_PAPER_DELETE_ID, deleted: true });
      });
  });
});

describe('paper contract: paper_info_api (classic forms)', () => {
  it('submits a thesis form as one whole-paper task', async () => {
    const form = { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', degree: 'bachelor' as const, length: 8000, materials: ['proposal' as const] };
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.writingModel)
      .uponReceiving('a graduation thesis form')
      .withRequest('POST', '/api/base/paper_info_api/paper_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody(form))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ status: 'queued', stage: 'writing', degree: oneOf(DEGREES, 'bachelor'), progress: integer(0), sectionCount: integer(0), sectionsDone: integer(0) }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperInfoPaperSubmit(form)).toMatchObject({ status: 'queued', stage: 'writing' });
      });
  });

  it('submits a journal paper form as one whole-paper task', async () => {
    const form = { title: '基于深度学习的中文文本相似度研究', discipline: '计算机科学与技术', length: 8000, keywords: ['文本相似度', '深度学习'], englishAbstract: true };
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.writingModel)
      .uponReceiving('a journal paper form')
      .withRequest('POST', '/api/base/paper_info_api/paper_xueshu_submit', (req) => req.headers({ Authorization: BEARER }).jsonBody(form))
      .willRespondWith(200, (res) => res.jsonBody(ok(record({ status: 'queued', stage: 'writing', progress: integer(0), sectionCount: integer(0), sectionsDone: integer(0) }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await paperInfoPaperXueshuSubmit(form)).toMatchObject({ status: 'queued', stage: 'writing', degree: 'journal' });
      });
  });

  it('lists, loads, shows the sections and materials of, downloads and deletes a classic paper', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.paperInfoDone)
      .uponReceiving('a list of the classic-form papers')
      .withRequest('POST', '/api/base/paper_info_api/query_list', (req) => req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }))
      .willRespondWith(200, (res) => res.jsonBody(page(eachLike(record()))));
    pact
      .addInteraction()
      .given(STATES.paperInfoDone)
      .uponReceiving('a classic-form paper')
      .withRequest('POST', '/api/base/paper_info_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_INFO_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(detail({ id: PACT_PAPER_INFO_ID }))));
    pact
      .addInteraction()
      .given(STATES.paperInfoDone)
      .uponReceiving('the sections of a classic-form paper')
      .withRequest('POST', '/api/base/paper_info_api/query_content_list', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_INFO_ID, pageNo: '1', pageSize: '100' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(100), total: integer(5), records: eachLike(section({ id: anyId(), paperId: anyId(PACT_PAPER_INFO_ID) })) })));
    pact
      .addInteraction()
      .given(STATES.paperInfoDone)
      .uponReceiving('the companion materials of a classic-form paper')
      .withRequest('POST', '/api/base/paper_info_api/load_other_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_INFO_ID }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            paperId: PACT_PAPER_INFO_ID,
            materials: listOf({ kind: oneOf(['proposal', 'literature-review', 'acknowledgement']), title: chinese('开题报告'), content: like(''), charCount: integer(0), status: oneOf(TASK_STATUSES, 'done'), offline: boolean(false) }),
          }),
        ),
      );
    pact
      .addInteraction()
      .given(STATES.paperInfoDone)
      .uponReceiving('a download of a classic-form paper')
      .withRequest('POST', '/api/base/paper_info_api/download', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_INFO_ID }))
      .willRespondWith(200, (res) => res.binaryFile(DOCX, 'contracts/fixtures/paper.docx'));
    await pact
      .addInteraction()
      .given(STATES.deletablePaperInfo)
      .uponReceiving('a deletion of a classic-form paper')
      .withRequest('POST', '/api/base/paper_info_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PAPER_INFO_DELETE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_PAPER_INFO_DELETE_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect((await paperInfoQueryList(undefined, { pageNo: 1, pageSize: 10 })).records).toHaveLength(1);
        expect((await paperInfoLoadById({ id: PACT_PAPER_INFO_ID })).id).toBe(PACT_PAPER_INFO_ID);
        expect((await paperInfoQueryContentList({ id: PACT_PAPER_INFO_ID, pageNo: 1, pageSize: 100 })).records[0].status).toBe('done');
        expect((await paperInfoLoadOtherById({ id: PACT_PAPER_INFO_ID })).paperId).toBe(PACT_PAPER_INFO_ID);
        const file = (await paperInfoDownload({ id: PACT_PAPER_INFO_ID })) as unknown as Blob;
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 2))).toBe('PK');
        expect(await paperInfoDelete({ id: PACT_PAPER_INFO_DELETE_ID })).toEqual({ id: PACT_PAPER_INFO_DELETE_ID, deleted: true });
      });
  });
});

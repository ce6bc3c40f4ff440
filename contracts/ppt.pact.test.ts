import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  aiPptInfoDelete,
  aiPptInfoDownload,
  aiPptInfoGetTemplateList,
  aiPptInfoLoadById,
  aiPptInfoPaperInit,
  aiPptInfoQueryList,
  aiPptInfoSaveOrUpdate,
  aiPptInfoSubmitById,
  aiSysConfigLoadAllByEntity,
} from '../src/api/gen/ppt/ppt';
import { TASK_STATUSES, anyId, chinese, failure, isoTime, oneOf, ok } from './matchers';
import { multipartBody } from './multipart';
import { BEARER, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import { PACT_PPT_DELETE_ID, PACT_PPT_DRAFT_ID, PACT_PPT_ID, STATES } from './states';

const { like, integer, boolean, eachLike, nullValue, regex } = MatchersV3;

const LAYOUTS = ['cover', 'toc', 'section', 'content', 'two-column', 'table', 'chart', 'summary', 'ending'];
const TITLE = '中文文本相似度研究——毕业答辩';

/** A slide as the outline editor and the thumbnails read it. */
const slide = (fields: Record<string, unknown> = {}) => ({
  index: integer(0),
  layout: oneOf(LAYOUTS, 'cover'),
  title: like(TITLE),
  bullets: eachLike('汇报人：张三', 0),
  notes: like('开场白'),
  ...fields,
});

/** A deck as the editor, the records list and the download button read it. */
const deck = (fields: Record<string, unknown> = {}) => ({
  id: anyId(),
  title: chinese(TITLE),
  status: oneOf(TASK_STATUSES),
  progress: integer(0),
  priceFen: integer(990),
  charCount: integer(0),
  createdAt: isoTime(),
  error: nullValue(),
  offline: boolean(true),
  templateId: like('tpl-academic-blue'),
  scene: like('thesis_defense'),
  pageCount: integer(10),
  source: oneOf(['topic', 'paper'], 'paper'),
  slideCount: integer(7),
  slides: eachLike(slide()),
  outlineBy: oneOf(['model', 'offline', 'user'], 'offline'),
  ...fields,
});

describe('ppt contract', () => {
  it('the slide decks list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a list of the slide decks without a token',
      method: 'POST',
      path: '/api/base/ai_ppt_info_api/query_list',
      request: (req) => req.query({ pageNo: '1', pageSize: '10' }).jsonBody({ status: 'done' }),
      call: () => aiPptInfoQueryList({ status: 'done' }, { pageNo: 1, pageSize: 10 }),
    }));

  it('the template picker lists the templates with their previews and palettes', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a list of the slide templates')
      .withRequest('POST', '/api/base/ai_ppt_info_api/get_template_list', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(
            eachLike({
              id: like('tpl-academic-blue'),
              name: chinese('学术蓝'),
              previewUrl: regex('^/ppt-templates/.+\\.svg$', '/ppt-templates/tpl-academic-blue.svg'),
              palette: eachLike(regex('^#[0-9A-Fa-f]{6}$', '#1F4E79'), 2),
            }, 6),
          ),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const templates = await aiPptInfoGetTemplateList();
        expect(templates.length).toBeGreaterThanOrEqual(6);
        expect(templates[0].palette[0]).toMatch(/^#/);
      });
  });

  it('the scene picker reads the scenes from the configuration without signing in', async () => {
    await createPact()
      .addInteraction()
      .uponReceiving('the slide-deck scenes')
      .withRequest('POST', '/api/base/ai_sys_config_api/f/load_all_by_entity', (req) => req.jsonBody({ entity: 'ppt_scene' }))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok(eachLike({ id: anyId('cfg-scene-thesis-defense'), entity: 'ppt_scene', key: like('thesis_defense'), label: chinese('毕业答辩'), value: like('适用于学位论文答辩'), sort: integer(1) }, 4))),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const scenes = await aiSysConfigLoadAllByEntity({ entity: 'ppt_scene' });
        expect(scenes[0]).toMatchObject({ entity: 'ppt_scene', label: '毕业答辩' });
      });
  });

  it('an uploaded paper becomes a draft deck, labelled offline without a model', async () => {
    const paper = '论文题目：中文文本相似度研究\n第一章 绪论\n文本相似度计算是自然语言处理中的基础问题。\n第二章 方法\n本文提出一种融合字词双粒度特征的模型。\n第三章 结论\n实验表明该模型优于基线方法。';
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('an uploaded paper to draft a slide deck from')
      .withRequest('POST', '/api/base/ai_ppt_info_api/paper_init', (req) =>
        multipartBody(req.headers({ Authorization: BEARER }), [
          { name: 'file', value: paper, file: { name: 'paper.txt', type: 'text/plain' } },
          { name: 'templateId', value: 'tpl-academic-blue' },
          { name: 'scene', value: 'thesis_defense' },
          { name: 'pageCount', value: '10' },
        ]),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(deck({ status: 'draft', offline: boolean(true), outlineBy: oneOf(['model', 'offline'], 'offline'), topic: nullValue(), renderedSlideCount: nullValue() }))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const file = new File([paper], 'paper.txt', { type: 'text/plain' });
        const draft = await aiPptInfoPaperInit({ file, templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10 });
        expect(draft).toMatchObject({ status: 'draft', source: 'paper' });
        expect(draft.slides[0].layout).toBe('cover');
      });
  });

  it('the editor loads a draft, autosaves the edited outline, and a bad template is refused', async () => {
    const slides = [
      { index: 0, layout: 'cover' as const, title: TITLE, bullets: ['汇报人：张三', '指导教师：李四 教授'], notes: '开场白' },
      { index: 1, layout: 'content' as const, title: '研究方法', bullets: ['构建字词双粒度孪生网络', '交互注意力对齐'], notes: '讲清楚方法' },
      { index: 2, layout: 'table' as const, title: '实验结果', bullets: [], notes: '读出关键数字', table: { header: ['模型', 'LCQMC'], rows: [['本文方法', '87.6%']] } },
      { index: 3, layout: 'ending' as const, title: '谢谢！', bullets: [], notes: '请老师提问' },
    ];
    const body = { id: PACT_PPT_DRAFT_ID, title: TITLE, templateId: 'tpl-ink-jade', scene: 'thesis_defense', pageCount: 10, source: 'paper' as const, slides };
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.pptDraft)
      .uponReceiving('a draft slide deck')
      .withRequest('POST', '/api/base/ai_ppt_info_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PPT_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(deck({ id: PACT_PPT_DRAFT_ID, status: 'draft', topic: nullValue(), renderedSlideCount: nullValue() }))));
    pact
      .addInteraction()
      .given(STATES.pptDraft)
      .uponReceiving('an autosave of an edited outline')
      .withRequest('POST', '/api/base/ai_ppt_info_api/save_or_update', (req) => req.headers({ Authorization: BEARER }).jsonBody(body))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok(
            deck({
              id: PACT_PPT_DRAFT_ID,
              status: 'draft',
              templateId: 'tpl-ink-jade',
              slideCount: 4,
              topic: nullValue(),
              renderedSlideCount: nullValue(),
              // The table slide keeps its data; the others have none.
              slides: [slide(), slide({ index: integer(1), layout: 'content' }), slide({ index: integer(2), layout: 'table', table: like({ header: eachLike('模型'), rows: eachLike(eachLike('87.6%')) }) }), slide({ index: integer(3), layout: 'ending' })],
            }),
          ),
        ),
      );
    await pact
      .addInteraction()
      .given(STATES.pptDraft)
      .uponReceiving('an autosave with a template that does not exist')
      .withRequest('POST', '/api/base/ai_ppt_info_api/save_or_update', (req) => req.headers({ Authorization: BEARER }).jsonBody({ ...body, templateId: 'tpl-nope' }))
      .willRespondWith(400, (res) => res.jsonBody(failure('VALIDATION_FAILED', '请求参数不正确：模板不存在，请重新选择模板')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await aiPptInfoLoadById({ id: PACT_PPT_DRAFT_ID })).toMatchObject({ id: PACT_PPT_DRAFT_ID, status: 'draft' });
        const saved = await aiPptInfoSaveOrUpdate(body);
        expect(saved).toMatchObject({ templateId: 'tpl-ink-jade', slideCount: 4 });
        const error = await failureOf(aiPptInfoSaveOrUpdate({ ...body, templateId: 'tpl-nope' }));
        expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      });
  });

  it('submits a draft for rendering, lists the records and downloads a rendered deck', async () => {
    const pact = createPact();
    pact
      .addInteraction()
      .given(STATES.pptDraft)
      .given(STATES.funded)
      .uponReceiving('the submission of a draft slide deck')
      .withRequest('POST', '/api/base/ai_ppt_info_api/submit_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PPT_DRAFT_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok(deck({ id: PACT_PPT_DRAFT_ID, status: 'queued', topic: nullValue(), renderedSlideCount: nullValue() }))));
    pact
      .addInteraction()
      .given(STATES.pptDone)
      .uponReceiving('a list of the rendered slide decks')
      .withRequest('POST', '/api/base/ai_ppt_info_api/query_list', (req) => req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }).jsonBody({ status: 'done' }))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ pageNo: integer(1), pageSize: integer(10), total: integer(1), records: eachLike(deck({ status: 'done', progress: integer(100), topic: nullValue(), renderedSlideCount: integer(7) })) })),
      );
    await pact
      .addInteraction()
      .given(STATES.pptDone)
      .uponReceiving('a download of a rendered slide deck')
      .withRequest('POST', '/api/base/ai_ppt_info_api/download', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PPT_ID }))
      // The verifier sniffs a binary body (a .pptx reads as a zip), so the type is pinned by the header.
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
          'Content-Disposition': regex('^attachment;.*\\.pptx', 'attachment; filename="slides.pptx"'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await aiPptInfoSubmitById({ id: PACT_PPT_DRAFT_ID })).toMatchObject({ status: 'queued' });
        const page = await aiPptInfoQueryList({ status: 'done' }, { pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ status: 'done', renderedSlideCount: 7 });
        const file = (await aiPptInfoDownload({ id: PACT_PPT_ID })) as unknown as Blob;
        expect(file).toBeInstanceOf(Blob);
      });
  });

  it("a deck from a topic beyond today's free drafts: 429 FREE_USES_EXHAUSTED, shown under the form", async () => {
    const request = { title: TITLE, templateId: 'tpl-academic-blue', scene: 'thesis_defense', pageCount: 10, source: 'topic' as const, topic: '中文文本相似度研究的毕业答辩', cover: {} };
    const message = '今日免费AI 生成 PPT 大纲次数已用完（每个账号每天 10 次），请明天再试';
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .given(STATES.pptDraftsSpent)
      .uponReceiving('a deck from a topic after the free drafts of the day are used')
      .withRequest('POST', '/api/base/ai_ppt_info_api/save_or_update', (req) => req.headers({ Authorization: BEARER }).jsonBody(request))
      .willRespondWith(429, (res) =>
        res.jsonBody({
          success: false,
          error: { code: 'FREE_USES_EXHAUSTED', message: chinese(message), details: { action: 'pptDraft', perDay: integer(10), retryAfterSeconds: integer(3600) } },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(aiPptInfoSaveOrUpdate(request));
        expect(error).toMatchObject({ status: 429, code: 'FREE_USES_EXHAUSTED' });
        expect(error.message).toMatch(/今日免费.*次数已用完/);
      });
  });

  it('deletes a rendered deck', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.deletablePpt)
      .uponReceiving('a delete of a rendered slide deck')
      .withRequest('POST', '/api/base/ai_ppt_info_api/delete', (req) => req.headers({ Authorization: BEARER }).query({ id: PACT_PPT_DELETE_ID }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_PPT_DELETE_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await aiPptInfoDelete({ id: PACT_PPT_DELETE_ID })).toEqual({ id: PACT_PPT_DELETE_ID, deleted: true });
      });
  });

  it('another user’s deck, like a missing one, is not found', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a slide deck that is not the caller’s')
      .withRequest('POST', '/api/base/ai_ppt_info_api/load_by_id', (req) => req.headers({ Authorization: BEARER }).query({ id: 'ppt-pact-missing' }))
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await failureOf(aiPptInfoLoadById({ id: 'ppt-pact-missing' }))).toMatchObject({ status: 404 });
      });
  });
});

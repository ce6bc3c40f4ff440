import { http, HttpResponse } from 'msw';
import type { PptDeck, PptDeckBody, PptSlide, SysConfig } from '@/api/gen/model';
import { validateSlides } from '@common/slides/deck';
import { defenceDeck } from '@common/slides/default-deck';
import { paletteList, previewUrl, SLIDE_TEMPLATES } from '@common/slides/templates';
import { getAiPptInfoQueryListResponseMock } from '../gen/ppt/ppt.msw';
import { badRequest, fail, notFound, ok } from '../envelope';
import { currentCapabilities } from './capabilities';
import { recordArea } from './record-store';
import { idOf, readBody, type Row, withUser } from './request';

// The slide-deck calls of the mocked server (npm run dev, web tests): the real templates and their
// previews, the scenes, drafts created from a topic or an uploaded paper (the default defence deck), the
// outline saved as edited, a submission that renders within a few seconds, and a download.

const BASE = '*/api/base/ai_ppt_info_api';
const CONFIG = '*/api/base/ai_sys_config_api';

// Ids 1..8, as every mocked list numbers its records.
const CONFIGS: SysConfig[] = [
  { id: '1', entity: 'ppt_scene', key: 'thesis_defense', label: '毕业答辩', value: '适用于本科、硕士学位论文答辩', sort: 1 },
  { id: '2', entity: 'ppt_scene', key: 'proposal', label: '开题报告', value: '适用于开题答辩', sort: 2 },
  { id: '3', entity: 'ppt_scene', key: 'course_report', label: '课程汇报', value: '适用于课程作业与读书报告', sort: 3 },
  { id: '4', entity: 'ppt_scene', key: 'conference', label: '学术会议', value: '适用于学术会议报告', sort: 4 },
  ...['10', '15', '20', '30'].map((n, i): SysConfig => ({ id: String(i + 5), entity: 'ppt_page_count', key: n, label: `${n} 页左右`, value: n, sort: i + 1 })),
];

const apiSlides = (title: string): PptSlide[] =>
  defenceDeck({ title, speaker: '张三', supervisor: '李四 教授', institution: '某某大学', date: '2026年5月' }).map((s, index) => ({ index, ...s }));

/** A seeded deck made drawable and consistent: the default defence deck in one of the templates. */
function settleDeck(row: Row): Row {
  const slides = apiSlides(String(row.title ?? '毕业答辩'));
  const n = Number(row.id) || 0;
  return {
    ...row,
    templateId: SLIDE_TEMPLATES[n % SLIDE_TEMPLATES.length].id,
    scene: 'thesis_defense',
    pageCount: 10,
    topic: row.source === 'topic' ? '介绍研究背景、方法、实验结果与结论' : null,
    slides,
    slideCount: slides.length,
    outlineBy: row.source === 'topic' ? 'model' : 'offline',
    offline: row.source !== 'topic',
    renderedSlideCount: row.status === 'done' ? slides.length : null,
  };
}

export const pptArea = recordArea({ base: '/api/base/ai_ppt_info_api', seed: () => getAiPptInfoQueryListResponseMock().result.records as unknown as Row[], settle: settleDeck });

let created = 0;
function newDeck(fields: Partial<PptDeck> & { title: string; source: 'topic' | 'paper' }): PptDeck {
  const slides = fields.slides?.length ? fields.slides : apiSlides(fields.title);
  return {
    id: `ppt-mock-${++created}`,
    status: 'draft',
    progress: 0,
    priceFen: 990,
    charCount: 0,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    offline: fields.source === 'paper',
    templateId: SLIDE_TEMPLATES[0].id,
    scene: 'thesis_defense',
    pageCount: 10,
    topic: null,
    outlineBy: fields.source === 'paper' ? 'offline' : 'model',
    renderedSlideCount: null,
    ...fields,
    slides,
    slideCount: slides.length,
  };
}

export const pptOverrides = [
  http.post(`${BASE}/get_template_list`, withUser(() => ok(SLIDE_TEMPLATES.map((t) => ({ id: t.id, name: t.name, previewUrl: previewUrl(t), palette: paletteList(t) }))))),
  http.post(`${CONFIG}/f/load_all_by_entity`, async ({ request }) => {
    const { entity } = await readBody<{ entity: string }>(request);
    if (entity !== 'ppt_scene' && entity !== 'ppt_page_count') return badRequest('配置类别不存在');
    return ok(CONFIGS.filter((c) => c.entity === entity));
  }),
  http.post(`${CONFIG}/f/load_by_id`, ({ request }) => {
    const config = CONFIGS.find((c) => c.id === idOf(request));
    return config ? ok(config) : notFound();
  }),
  http.post(`${BASE}/save_or_update`, withUser(async (request) => {
    const body = await readBody<PptDeckBody>(request);
    if (!SLIDE_TEMPLATES.some((t) => t.id === body.templateId)) return badRequest('请求参数不正确：模板不存在，请重新选择模板');
    if (body.slides?.length) {
      const problems = validateSlides(body.slides);
      if (problems.length > 0) return badRequest(`请求参数不正确：${problems[0]}`);
    }
    if (body.id) {
      const row = pptArea.store.find(body.id);
      if (!row) return notFound();
      if (row.status !== 'draft') return fail(409, 'PPT_BUSY', '该 PPT 已提交生成，不能再修改；可新建一份');
      const slides = body.slides?.length ? body.slides : (row.slides as PptSlide[]);
      pptArea.store.update(body.id, { title: body.title, templateId: body.templateId, slides, slideCount: slides.length });
      return ok(pptArea.store.find(body.id));
    }
    if (body.source === 'topic' && !currentCapabilities().services.ppt.available) return fail(503, 'MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试');
    if (body.source === 'topic' && !body.topic?.trim()) return badRequest('请求参数不正确：请填写主题与要求');
    const deck = newDeck({ title: body.title ?? '演示文稿', source: body.source ?? 'topic', templateId: body.templateId, scene: body.scene, pageCount: body.pageCount, topic: body.topic ?? null, slides: body.slides });
    pptArea.store.insert(deck as unknown as Row);
    return ok(deck);
  })),
  http.post(`${BASE}/paper_init`, withUser(async (request) => {
    const form = await request.formData().catch(() => null);
    const file = form?.get('file');
    // A file part (in tests the File class may be another realm's): anything that is not a plain field.
    if (!form || !file || typeof file === 'string') return badRequest('请求参数不正确：请上传论文文件（.docx、.pdf 或 .txt）');
    const title = String(form.get('title') || (file as File).name.replace(/\.[^.]+$/, '') || '论文答辩');
    const deck = newDeck({ title, source: 'paper', templateId: String(form.get('templateId') ?? SLIDE_TEMPLATES[0].id), scene: String(form.get('scene') ?? 'thesis_defense'), pageCount: Number(form.get('pageCount') ?? 10) });
    pptArea.store.insert(deck as unknown as Row);
    return ok(deck);
  })),
  http.post(`${BASE}/submit_by_id`, withUser((request) => {
    const id = idOf(request);
    const row = pptArea.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'draft') return fail(409, 'TASK_ALREADY_SUBMITTED', '该 PPT 已提交生成，请勿重复提交');
    pptArea.store.update(id, { status: 'queued', progress: 0 });
    setTimeout(() => pptArea.store.update(id, { status: 'running', progress: 50 }), 800);
    setTimeout(() => pptArea.store.update(id, { status: 'done', progress: 100, finishedAt: new Date().toISOString(), renderedSlideCount: row.slideCount }), 2000);
    return ok(pptArea.store.find(id));
  })),
  http.post(`${BASE}/download`, withUser((request) => {
    const row = pptArea.store.find(idOf(request));
    if (!row) return notFound();
    if (row.status !== 'done') return fail(409, 'PPT_NOT_READY', 'PPT 尚未生成完成，请稍后再下载');
    return new HttpResponse('PK mock pptx', {
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'Content-Disposition': 'attachment; filename="slides.pptx"' },
    });
  })),
];

import { http, HttpResponse } from 'msw';
import type { GeneratePaperBody, PaperDetail, PaperOutline, PaperSection, PaperSubmitBody, PaperXueshuSubmitBody, UpdatePaperContentBody } from '@/api/gen/model';
import { countChars } from '@common/char-count';
import { badRequest, fail, notFound, ok, unauthorized } from '../envelope';
import { OUTLINE, OUTLINE_POINTS, PARAGRAPHS } from '../vocab/papers';
import { userOf } from './auth-state';
import { idOf, readBody, withUser } from './request';

// The paper-writing calls of the mocked server (npm run dev, web tests) for papers made in the session:
// generate_paper gives an editable outline, commit_paper writes a section every moment (polled by the
// content page), sections can be edited, reloaded and deleted, and the finished paper downloads. Seeded
// papers fall through to the record areas (records.ts).

type Api = 'ai' | 'info';
interface MockPaper {
  api: Api;
  paper: PaperDetail;
  sections: PaperSection[];
}

const papers = new Map<string, MockPaper>();
let created = 0;
const STEP_MS = 700;

export function resetPaperState(): void {
  papers.clear();
}

function outlineFor(length: number): PaperOutline {
  const chapters = OUTLINE.slice(0, 4);
  const each = Math.max(100, Math.round(length / chapters.length / 2 / 100) * 100);
  return {
    chapters: chapters.map((c, ci) => ({
      heading: `第${ci + 1}章 ${c.heading.replace(/^第.+?章\s*/, '')}`,
      targetLength: each * 2,
      sections: c.sections.slice(0, 2).map((s, si) => ({ heading: `${ci + 1}.${si + 1} ${s.replace(/^[0-9.]+\s*/, '')}`, targetLength: each, points: [OUTLINE_POINTS[(ci + si) % OUTLINE_POINTS.length]] })),
    })),
  };
}

function sectionsOf(id: string, outline: PaperOutline): PaperSection[] {
  const rows: PaperSection[] = [];
  const add = (level: number, heading: string, targetLength: number) =>
    rows.push({ id: `${id}-s${rows.length}`, paperId: id, index: rows.length, level, heading, content: '', charCount: 0, targetLength, status: targetLength > 0 ? 'queued' : 'done', error: null, offline: false });
  for (const c of outline.chapters) {
    add(1, c.heading, c.sections.length > 0 ? 0 : c.targetLength);
    for (const s of c.sections) add(2, s.heading, s.targetLength);
  }
  return rows;
}

const textFor = (index: number) => `${PARAGRAPHS[index % PARAGRAPHS.length]}已有研究对此作了系统梳理[1]。`;

function count(entry: MockPaper) {
  entry.paper.sectionCount = entry.sections.length;
  entry.paper.sectionsDone = entry.sections.filter((s) => s.status === 'done').length;
}

/** Writes the queued sections one after another, as the job runner would. */
function write(entry: MockPaper, only?: string) {
  const next = entry.sections.find((s) => (only ? s.id === only : s.status === 'queued' || s.status === 'running'));
  if (!next) {
    if (!only) Object.assign(entry.paper, { status: 'done', stage: 'done', progress: 100, finishedAt: new Date().toISOString() });
    count(entry);
    return;
  }
  next.status = 'running';
  next.content = textFor(next.index).slice(0, 20);
  setTimeout(() => {
    next.status = 'done';
    next.content = textFor(next.index + (only ? 3 : 0));
    next.charCount = countChars(next.content);
    const written = entry.sections.filter((s) => s.targetLength > 0);
    entry.paper.progress = Math.round((100 * written.filter((s) => s.status === 'done').length) / Math.max(1, written.length));
    count(entry);
    if (!only) write(entry);
  }, STEP_MS);
}

interface Form {
  title?: string;
  discipline?: string;
  length?: number;
  keywords?: string[];
  references?: string[];
  referencesText?: string;
  englishAbstract?: boolean;
}

/** For the session's own papers: answers signed-in calls about them, and passes anything else on (undefined). */
function ownOnly(handler: (request: Request) => Response | undefined | Promise<Response | undefined>) {
  return ({ request }: { request: Request }) => (userOf(request) ? handler(request) : unauthorized());
}

function newPaper(api: Api, body: Form, degree: PaperDetail['degree']): MockPaper {
  const id = `paper-mock-${++created}`;
  const outline = outlineFor(body.length ?? 15000);
  const references = [...(body.references ?? []), ...(body.referencesText ?? '').split('\n').map((l) => l.replace(/^\s*\[\d+\]\s*/, '').trim()).filter(Boolean)];
  const paper: PaperDetail = {
    id,
    title: String(body.title ?? '').trim(),
    status: 'draft',
    progress: 0,
    priceFen: Math.max(990, Math.ceil((body.length ?? 15000) / 1000) * 50),
    charCount: 0,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    offline: false,
    discipline: String(body.discipline ?? ''),
    degree,
    targetLength: body.length ?? 15000,
    keywords: body.keywords ?? [],
    stage: 'outline',
    sectionCount: 0,
    sectionsDone: 0,
    references,
    outline,
    outlineSource: 'model',
    outlineNote: null,
    abstract: '',
    englishAbstract: body.englishAbstract ? '' : null,
    removedCitations: 0,
  };
  const entry = { api, paper, sections: [] };
  papers.set(id, entry);
  return entry;
}

function start(entry: MockPaper) {
  Object.assign(entry.paper, {
    status: 'running',
    stage: 'writing',
    abstract: '本文围绕题目展开研究，概括了研究问题、方法与主要结论。',
    ...(entry.paper.englishAbstract !== null && { englishAbstract: 'This paper studies the question of its title and summarises its methods and main findings.' }),
  });
  entry.sections = sectionsOf(entry.paper.id, entry.paper.outline!);
  count(entry);
  write(entry);
}

const invalid = (body: { title?: string; discipline?: string }) =>
  [...String(body.title ?? '').trim()].length < 4 ? '请求参数不正确：论文题目不能为空，且至少 4 个字' : !String(body.discipline ?? '').trim() ? '请求参数不正确：请填写学科专业' : null;

const mine = (request: Request) => papers.get(idOf(request));
const sectionById = (id: string) => {
  for (const entry of papers.values()) {
    const section = entry.sections.find((s) => s.id === id);
    if (section) return { entry, section };
  }
  return undefined;
};
const busy = () => fail(409, 'PAPER_BUSY', '论文正在生成中，请等待完成后再操作');

/** The session's papers and their sections, for what they cost (charges.ts). */
export const paperEntry = {
  paper: (id: string) => papers.get(id)?.paper,
  section: (id: string) => sectionById(id)?.section,
};

function paperHandlers(api: Api) {
  const base = api === 'ai' ? '*/api/base/ai_paper_info_api' : '*/api/base/paper_info_api';
  return [
    http.post(`${base}/load_by_id`, ownOnly((request) => {
      const entry = mine(request);
      return entry ? ok(entry.paper) : undefined;
    })),
    http.post(`${base}/query_content_list`, ownOnly((request) => {
      const entry = mine(request);
      return entry ? ok({ pageNo: 1, pageSize: 100, total: entry.sections.length, records: entry.sections }) : undefined;
    })),
    http.post(`${base}/download`, ownOnly((request) => {
      const entry = mine(request);
      if (!entry) return undefined;
      if (entry.paper.stage !== 'done') return fail(409, 'PAPER_NOT_READY', '论文尚未生成完成，请稍后再下载');
      return new HttpResponse(new Blob(['PK mock docx']), {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Content-Disposition': 'attachment; filename="paper.docx"' },
      });
    })),
    http.post(`${base}/reload`, ownOnly((request) => {
      const found = sectionById(idOf(request));
      if (!found) return undefined;
      if (found.entry.paper.status === 'running' || found.section.status === 'queued' || found.section.status === 'running') return busy();
      found.section.status = 'queued';
      write(found.entry, found.section.id);
      return ok(found.section);
    })),
  ];
}

export const paperOverrides = [
  ...paperHandlers('ai'),
  ...paperHandlers('info'),
  http.post('*/api/base/ai_paper_info_api/generate_paper', withUser(async (request) => {
    const body = await readBody<GeneratePaperBody>(request);
    const problem = invalid(body);
    if (problem) return badRequest(problem);
    return ok(newPaper('ai', body, body.degree ?? 'bachelor').paper);
  })),
  http.post('*/api/base/ai_paper_info_api/commit_paper', withUser(async (request) => {
    const body = await readBody<{ id: string; outline: PaperOutline }>(request);
    const entry = papers.get(String(body.id));
    if (!entry) return notFound();
    if (entry.paper.stage !== 'outline') return fail(409, 'TASK_ALREADY_SUBMITTED', '该论文的大纲已确认，正在或已经生成正文');
    if (!body.outline?.chapters?.length) return badRequest('请求参数不正确：大纲至少需要一章');
    entry.paper.outline = body.outline;
    entry.paper.targetLength = body.outline.chapters.reduce((n, c) => n + c.targetLength, 0);
    start(entry);
    return ok(entry.paper);
  })),
  http.post('*/api/base/ai_paper_info_api/update_content', ownOnly(async (request) => {
    const body = await readBody<UpdatePaperContentBody>(request);
    const found = sectionById(String(body.id));
    if (!found) return undefined;
    if (!String(body.content ?? '').trim()) return badRequest('请求参数不正确：章节正文不能为空');
    if (found.section.status === 'queued' || found.section.status === 'running') return busy();
    Object.assign(found.section, { content: String(body.content).trim(), charCount: countChars(String(body.content)), status: 'done' });
    return ok(found.section);
  })),
  http.post('*/api/base/ai_paper_info_api/delete_content', ownOnly((request) => {
    const id = idOf(request);
    const found = sectionById(id);
    if (!found) return undefined;
    found.entry.sections = found.entry.sections.filter((s) => s.id !== id);
    count(found.entry);
    return ok({ id, deleted: true });
  })),
  http.post('*/api/base/paper_info_api/paper_submit', withUser(async (request) => {
    const body = await readBody<PaperSubmitBody>(request);
    const problem = invalid(body);
    if (problem) return badRequest(problem);
    const entry = newPaper('info', body, body.degree ?? 'bachelor');
    start(entry);
    return ok(entry.paper);
  })),
  http.post('*/api/base/paper_info_api/paper_xueshu_submit', withUser(async (request) => {
    const body = await readBody<PaperXueshuSubmitBody>(request);
    const problem = invalid(body);
    if (problem) return badRequest(problem);
    const entry = newPaper('info', body, 'journal');
    start(entry);
    return ok(entry.paper);
  })),
];

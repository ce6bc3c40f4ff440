import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import type { Executor } from '../../db/client';
import { checks } from '../../db/schema/checks';
import { type PptDeckRow, pptDecks } from '../../db/schema/ppt';
import { type Task, type TaskStatus, tasks } from '../../db/schema/tasks';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { components } from '../../gen/openapi';
import { LlmError, type LlmGateway } from '../../engines/llm';
// The deck model and templates alone (not the engine's index, which loads jieba and pptxgenjs into the API process).
import { type Slide, validateSlides } from '@common/slides/deck';
import { type CoverInfo, coverLines } from '@common/slides/default-deck';
import { findTemplate } from '@common/slides/templates';
import { OutlineError, refineOutline, topicOutline } from '../../engines/slides/model';
import { validateText } from '../../engines/text/validate';
import { type ChargePlan, chargePlan } from '../billing/plan';
import { priceFor } from '../billing/prices';
import { isFreeUsesExhausted, type Requester, withFreeUse } from '../free-uses';
import { asDocumentRequest } from '../check/errors';
import { prepareRequestText } from '../check/paper-input';
import { assembleText, loadOwnPaper, sectionsOf } from '../paper/records';
import { modelFailure, modelNotConfigured } from '../llm/errors';
import type { Page, PageQuery } from '../paging';
import { likePattern, pageOfTasks } from '../tasks/list';
import { createTask, lockOwnTask, queueDraft, taskFields } from '../tasks/tasks';
import { sceneByKey } from './config';

export type PptDeck = components['schemas']['PptDeck'];
export type PptDeckBody = components['schemas']['PptDeckBody'];
type ApiSlide = components['schemas']['PptSlide'];

const busy = (message = 'PPT 正在生成中，请等待完成后再操作') => conflict('PPT_BUSY', message);

export function toApiSlides(slides: Slide[]): ApiSlide[] {
  return slides.map((s, index) => ({ index, ...s }));
}

/** The API's slides as the deck model (index is the order; anything else is taken as given, then validated). */
export function fromApiSlides(slides: ApiSlide[]): Slide[] {
  const model = [...slides]
    .sort((a, b) => a.index - b.index)
    .map((s): Slide => {
      const slide: Slide = { layout: s.layout, title: s.title, bullets: s.bullets, notes: s.notes };
      if (s.columnTitles) slide.columnTitles = [s.columnTitles[0] ?? '', s.columnTitles[1] ?? ''];
      if (s.table) slide.table = s.table;
      if (s.chart) slide.chart = { kind: s.chart.kind, categories: s.chart.categories, series: s.chart.series };
      return slide;
    });
  const problems = validateSlides(model);
  if (problems.length > 0) throw badRequest(problems[0], { problems });
  return model;
}

export function deckView(task: Task, row: Omit<PptDeckRow, 'paperText' | 'pptx'>): PptDeck {
  return {
    ...taskFields(task),
    templateId: row.templateId,
    scene: row.scene,
    pageCount: row.pageCount,
    source: row.source,
    topic: row.source === 'topic' ? row.topic : null,
    slideCount: row.slides.length,
    slides: toApiSlides(row.slides),
    outlineBy: row.outlineBy,
    renderedSlideCount: row.renderedSlideCount,
  };
}

const own = (userId: string, id: string) => and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'ppt'));

export async function loadOwnDeck(db: Executor, userId: string, id: string) {
  const [row] = await db.orm.select({ task: tasks, deck: pptDecks }).from(tasks).innerJoin(pptDecks, eq(pptDecks.taskId, tasks.id)).where(own(userId, id));
  if (!row) throw notFound();
  return row;
}

export async function loadDeck(db: Executor, userId: string, id: string): Promise<PptDeck> {
  const { task, deck } = await loadOwnDeck(db, userId, id);
  return deckView(task, deck);
}

export interface DeckFilter {
  status?: TaskStatus;
  source?: 'topic' | 'paper';
  keyword?: string;
}

export async function listDecks(db: Executor, userId: string, page: PageQuery, filter: DeckFilter = {}): Promise<Page<PptDeck>> {
  const conditions: SQL[] = [eq(tasks.userId, userId), eq(tasks.kind, 'ppt')];
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  if (filter.source) conditions.push(eq(pptDecks.source, filter.source));
  if (filter.keyword?.trim()) conditions.push(ilike(tasks.title, likePattern(filter.keyword.trim())));
  const { rows, total } = await pageOfTasks(db, pptDecks, and(...conditions), page, ['paperText', 'pptx']);
  return { ...page, total, records: rows.map((r) => deckView(r.task, r.detail)) };
}

async function checkSettings(db: Executor, input: { templateId: string; scene: string }) {
  if (!findTemplate(input.templateId)) throw badRequest('模板不存在，请重新选择模板');
  const scene = await sceneByKey(db, input.scene);
  if (!scene) throw badRequest('场景不存在，请重新选择场景');
  return scene;
}

function cleanCover(cover: PptDeckBody['cover']): Omit<CoverInfo, 'title'> {
  return { speaker: cover?.speaker, supervisor: cover?.supervisor, institution: cover?.institution, date: cover?.date };
}

/** The cover slide set to the deck's title and the given cover lines (when any were given). */
function withCover(slides: Slide[], title: string, cover: Omit<CoverInfo, 'title'> | undefined): Slide[] {
  const given = cover && Object.values(cover).some((v) => v?.trim());
  return slides.map((s, i) => (i === 0 && s.layout === 'cover' ? { ...s, title, bullets: given ? coverLines({ title, ...cover }) : s.bullets } : s));
}

interface Drafted {
  slides: Slide[];
  outlineBy: 'model' | 'offline' | 'user';
}

type LlmDeps = Deps & { llm: LlmGateway };

/** A model failure as the API answers it (nothing stored, nothing charged). */
function asModelFailure(error: unknown): unknown {
  if (error instanceof LlmError) return modelFailure(error);
  if (error instanceof OutlineError) return new AppError(502, 'MODEL_UNAVAILABLE', `${error.message}，请重试`);
  return error;
}

/**
 * The outline of a paper: extracted offline, refined by the model when one is configured and the account has a
 * free deck draft left today (else labelled offline).
 */
async function draftFromPaper(deps: LlmDeps, who: Requester, text: string, input: { title?: string; pageCount: number; cover?: Omit<CoverInfo, 'title'> }): Promise<Drafted & { title: string }> {
  await asDocumentRequest(() => validateText(text));
  const outline = await asDocumentRequest(() => deps.compute.extractPptOutline({ text, pageCount: input.pageCount, title: input.title, cover: input.cover }));
  if (!deps.llm.configured('slides')) return { slides: outline.slides, outlineBy: 'offline', title: outline.title };
  try {
    const refined = await withFreeUse(deps, who, 'pptDraft', () => refineOutline(deps.llm.forAccount(who.userId), outline.title, outline.slides, input.pageCount));
    return { slides: withCover(refined, outline.title, input.cover), outlineBy: 'model', title: outline.title };
  } catch (error) {
    if (error instanceof LlmError || error instanceof OutlineError || isFreeUsesExhausted(error)) {
      return { slides: outline.slides, outlineBy: 'offline', title: outline.title };
    }
    throw error;
  }
}

async function ownCheckText(db: Executor, userId: string, checkId: string): Promise<string> {
  const [row] = await db.orm
    .select({ text: checks.text })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .where(and(eq(tasks.id, checkId), eq(tasks.userId, userId), eq(tasks.kind, 'check')));
  if (!row) throw notFound();
  return row.text;
}

/** The written text of one of the user's papers (AI paper or classic form): 摘要 and the finished sections. */
async function ownPaperText(db: Executor, userId: string, paperId: string): Promise<string> {
  const { paper } = await loadOwnPaper(db, userId, paperId);
  return assembleText(paper, await sectionsOf(db, paperId));
}

async function insertDeck(deps: Deps, userId: string, values: Omit<typeof pptDecks.$inferInsert, 'taskId'> & { title: string }): Promise<string> {
  const priceFen = await priceFor(deps.db, 'ppt', 1);
  return deps.db.transaction(async (tx) => {
    const { title, ...deck } = values;
    const task = await createTask(withDb(deps, tx), { kind: 'ppt', userId, title, priceFen, charCount: 0, offline: values.outlineBy !== 'model' });
    await tx.orm.insert(pptDecks).values({ taskId: task.id, ...deck, updatedAt: deps.now() });
    return task.id;
  });
}

/**
 * save_or_update: a new draft (its outline drafted from the topic by the model, or from the paper offline
 * and refined by the model when there is one), or the caller's draft updated (autosave). Everything
 * refused is refused before a row is written; nothing is charged here. A draft from a topic is one of the
 * account's free deck drafts a day (429 FREE_USES_EXHAUSTED beyond them).
 */
export async function saveOrUpdate(deps: LlmDeps, who: Requester, body: PptDeckBody): Promise<PptDeck> {
  const { userId } = who;
  const title = body.title.trim();
  if ([...title].length < 2) throw badRequest('请填写 PPT 标题（至少 2 个字）');
  await checkSettings(deps.db, body);
  const given = body.slides && body.slides.length > 0 ? fromApiSlides(body.slides) : null;

  if (body.id) {
    const id = body.id;
    await loadOwnDeck(deps.db, userId, id);
    await deps.db.transaction(async (tx) => {
      const task = await lockOwnTask(tx, userId, id, 'ppt');
      if (task.status === 'queued' || task.status === 'running') throw busy();
      if (task.status !== 'draft') throw busy('该 PPT 已提交生成，不能再修改；可新建一份');
      await tx.orm.update(tasks).set({ title, updatedAt: deps.now() }).where(eq(tasks.id, id));
      await tx.orm
        .update(pptDecks)
        .set({
          templateId: body.templateId,
          scene: body.scene,
          pageCount: body.pageCount,
          ...(body.source === 'topic' && body.topic ? { topic: body.topic.trim() } : {}),
          ...(given ? { slides: given } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(pptDecks.taskId, id));
    });
    return loadDeck(deps.db, userId, id);
  }

  const cover = cleanCover(body.cover);
  if (body.source === 'topic') {
    const topic = body.topic?.trim() ?? '';
    if (!given && [...topic].length < 2) throw badRequest('请填写主题与要求');
    let drafted: Drafted;
    if (given) drafted = { slides: given, outlineBy: 'user' };
    else {
      if (!deps.llm.configured('slides')) throw modelNotConfigured();
      const scene = (await sceneByKey(deps.db, body.scene))!;
      try {
        const slides = await withFreeUse(deps, who, 'pptDraft', () =>
          topicOutline(deps.llm.forAccount(userId), { topic, title, pageCount: body.pageCount, scene: { label: scene.label, value: scene.value } }),
        );
        drafted = { slides: withCover(slides, title, cover), outlineBy: 'model' };
      } catch (error) {
        throw asModelFailure(error);
      }
    }
    const id = await insertDeck(deps, userId, { title, templateId: body.templateId, scene: body.scene, pageCount: body.pageCount, source: 'topic', topic: topic || null, slides: drafted.slides, outlineBy: drafted.outlineBy });
    return loadDeck(deps.db, userId, id);
  }

  // source = paper
  let text = body.paperText;
  if (!text && body.checkId) text = await ownCheckText(deps.db, userId, body.checkId);
  if (!text && body.paperId) text = await ownPaperText(deps.db, userId, body.paperId);
  if (!given && !text?.trim()) throw badRequest('请上传论文或粘贴论文正文');
  const drafted: Drafted = given ? { slides: given, outlineBy: 'user' } : await draftFromPaper(deps, who, text ?? '', { title, pageCount: body.pageCount, cover });
  const id = await insertDeck(deps, userId, { title, templateId: body.templateId, scene: body.scene, pageCount: body.pageCount, source: 'paper', paperText: text ?? null, slides: drafted.slides, outlineBy: drafted.outlineBy });
  return loadDeck(deps.db, userId, id);
}

export interface PaperForm {
  file?: { filename: string; data: Buffer };
  title?: string;
  templateId: string;
  scene: string;
  pageCount: number;
  speaker?: string;
  supervisor?: string;
  institution?: string;
  date?: string;
}

/** paper_init: an uploaded paper's outline as a new draft (offline, refined by the model when configured). */
export async function paperInit(deps: LlmDeps, who: Requester, form: PaperForm): Promise<PptDeck> {
  const { userId } = who;
  if (!form.file) throw badRequest('请上传论文文件（.docx、.pdf 或 .txt）');
  await checkSettings(deps.db, form);
  const file = form.file;
  const { text } = await prepareRequestText(deps.compute, { data: file.data });
  const cover = { speaker: form.speaker, supervisor: form.supervisor, institution: form.institution, date: form.date };
  const given = form.title?.trim() || undefined;
  if (given && [...given].length < 2) throw badRequest('PPT 标题至少 2 个字');
  const drafted = await draftFromPaper(deps, who, text, { title: given, pageCount: form.pageCount, cover });
  const id = await insertDeck(deps, userId, {
    title: given ?? drafted.title,
    templateId: form.templateId,
    scene: form.scene,
    pageCount: form.pageCount,
    source: 'paper',
    paperText: text,
    slides: drafted.slides,
    outlineBy: drafted.outlineBy,
  });
  return loadDeck(deps.db, userId, id);
}

/** delete: the deck and its file; nothing refunded; a deck being rendered is refused. */
export async function deleteDeck(deps: Deps, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  await loadOwnDeck(deps.db, userId, id);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'ppt');
    if (task.status === 'queued' || task.status === 'running') throw busy();
    await tx.orm.delete(tasks).where(eq(tasks.id, id));
  });
  return { id, deleted: true };
}

const deckNote = (title: string) => `AI PPT：${title}`;
const deckSubmitted = () => conflict('TASK_ALREADY_SUBMITTED', '该 PPT 已提交生成，请勿重复提交');

/** submit_by_id's charge: the deck's price (one deck at the AI PPT price). */
export async function deckSubmitPlan(deps: Deps, userId: string, id: string): Promise<ChargePlan> {
  const { task, deck } = await loadOwnDeck(deps.db, userId, id);
  if (deck.slides.length === 0) throw badRequest('PPT 还没有幻灯片，请先编辑大纲');
  if (task.status !== 'draft') throw deckSubmitted();
  return chargePlan({ priceFen: task.priceFen, note: deckNote(task.title) });
}

/** submit_by_id: charged and queued in one transaction; rendered by the ppt job. */
export async function submitDeck(deps: Deps, userId: string, id: string): Promise<PptDeck> {
  await deckSubmitPlan(deps, userId, id);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'ppt');
    if (task.status !== 'draft') throw deckSubmitted();
    await queueDraft(withDb(deps, tx), task, { note: deckNote(task.title) });
  });
  return loadDeck(deps.db, userId, id);
}

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** download: the rendered .pptx, named after the deck's title. */
export async function downloadDeck(db: Executor, userId: string, id: string) {
  const { task, deck } = await loadOwnDeck(db, userId, id);
  if (task.status !== 'done' || !deck.pptx) throw conflict('PPT_NOT_READY', 'PPT 尚未生成完成，请稍后再下载');
  const name = task.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 100) || 'slides';
  return { kind: 'file' as const, filename: `${name}.pptx`, contentType: PPTX_TYPE, body: Buffer.from(deck.pptx) };
}

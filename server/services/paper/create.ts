import { eq } from 'drizzle-orm';
import { type AppContext, type Deps, withDb } from '../../context';
import type { PaperMaterialKind } from '../../db/schema/papers';
import { paperSections, papers } from '../../db/schema/papers';
import { tasks } from '../../db/schema/tasks';
import { badRequest, conflict } from '../../errors';
import type { components } from '../../gen/openapi';
import { LlmError } from '../../engines/llm';
import { generateOutline, type OutlineResult } from '../../engines/writing/generate';
import { outlineLength, outlineRows, renumberOutline, validateOutline } from '../../engines/writing/outline';
import { normalizeReferences } from '../../engines/writing/references';
import { outlineTemplate } from '../../engines/writing/templates';
import type { Degree, Outline, PaperBrief } from '../../engines/writing/types';
import { type ChargePlan, chargePlan } from '../billing/plan';
import { priceFor, ratedPrice } from '../billing/prices';
import { type Requester, withFreeUse } from '../free-uses';
import { createTask, lockOwnTask, queueDraft } from '../tasks/tasks';
import { loadOwnPaper, loadPaper, type PaperDetail, type PaperRecord, recordView } from './records';

type GenerateBody = components['schemas']['GeneratePaperBody'];
type SubmitBody = components['schemas']['PaperSubmitBody'];
type XueshuBody = components['schemas']['PaperXueshuSubmitBody'];
type CommitBody = components['schemas']['CommitPaperBody'];

const MAX_REFERENCES = 60;

interface CleanBrief extends PaperBrief {
  author: string;
  institution: string;
  englishAbstract: boolean;
}

/** The form as the engine takes it: trimmed, references parsed into GB/T 7714 lines. Bad input is a 400, nothing stored. */
const cleanTitle = (title: string) => title.replace(/\s+/g, ' ').trim();

export function cleanBrief(body: GenerateBody | SubmitBody | XueshuBody, degree: Degree): CleanBrief {
  const title = cleanTitle(body.title);
  if ([...title].length < 4) throw badRequest('论文题目不能为空，且至少 4 个字');
  const discipline = body.discipline.trim();
  if (!discipline) throw badRequest('请填写学科专业');
  const keywords = (body.keywords ?? []).map((k) => k.trim()).filter(Boolean);
  const references = normalizeReferences([...(body.references ?? []), body.referencesText ?? '']);
  if (references.length > MAX_REFERENCES) throw badRequest(`参考文献最多 ${MAX_REFERENCES} 条，现有 ${references.length} 条`);
  if (references.some((r) => [...r].length > 500)) throw badRequest('每条参考文献不超过 500 字');
  return {
    title,
    discipline,
    degree,
    targetLength: body.length,
    keywords,
    references,
    requirements: ('requirements' in body ? body.requirements : undefined)?.trim() || undefined,
    author: body.author?.trim() ?? '',
    institution: body.institution?.trim() ?? '',
    englishAbstract: body.englishAbstract ?? false,
  };
}

/**
 * The model's outline (one of the account's free outlines a day: beyond them 429, nothing stored), or the
 * template when there is no model or the model failed or gave nothing usable.
 */
async function outlineFor(app: AppContext, who: Requester, brief: PaperBrief): Promise<OutlineResult> {
  if (app.llm.configured('writing')) {
    try {
      return await withFreeUse(app, who, 'outline', () => generateOutline(app.llm.forAccount(who.userId), brief));
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      app.log.warn({ kind: error.kind }, 'the model could not draft an outline; the template is used');
    }
  }
  const t = outlineTemplate(brief.degree, brief.discipline, brief.targetLength);
  return { outline: t.outline, source: 'template', label: t.label };
}

/**
 * generate_paper: a draft paper (stage outline, not charged) with its editable outline — the model's when
 * one is configured, otherwise the template for the degree and discipline, labelled as such.
 */
export async function generatePaper(app: AppContext, who: Requester, body: GenerateBody): Promise<PaperDetail> {
  const { userId } = who;
  const brief = cleanBrief(body, body.degree);
  const outline = await outlineFor(app, who, brief);
  const id = await app.db.transaction(async (tx) => {
    const deps = withDb(app, tx);
    const task = await createTask(deps, {
      kind: 'paper',
      userId,
      title: brief.title,
      priceFen: await priceFor(tx, 'paper', outlineLength(outline.outline)),
      offline: outline.source === 'template',
    });
    await tx.orm.insert(papers).values({
      taskId: task.id,
      api: 'ai',
      form: 'ai',
      ...paperValues(brief),
      targetLength: outlineLength(outline.outline),
      outline: outline.outline,
      outlineSource: outline.source,
      stage: 'outline',
    });
    return task.id;
  });
  return loadPaper(app.db, userId, id, 'ai');
}

function paperValues(brief: CleanBrief) {
  return {
    discipline: brief.discipline,
    degree: brief.degree,
    targetLength: brief.targetLength,
    keywords: brief.keywords,
    references: brief.references,
    requirements: brief.requirements ?? '',
    author: brief.author,
    institution: brief.institution,
    englishAbstract: brief.englishAbstract,
  };
}

/** The outline's rows stored for writing: chapter headings with sections are done at once, the rest queued. */
export async function storeOutlineRows(tx: Deps['db'], paperId: string, outline: Outline): Promise<void> {
  await tx.orm.delete(paperSections).where(eq(paperSections.taskId, paperId));
  const rows = outlineRows(outline);
  if (rows.length === 0) return;
  await tx.orm.insert(paperSections).values(
    rows.map((r) => ({
      taskId: paperId,
      index: r.index,
      level: r.level,
      heading: r.heading,
      chapterHeading: r.chapterHeading,
      targetLength: r.targetLength,
      points: r.points,
      status: r.writes ? ('queued' as const) : ('done' as const),
    })),
  );
}

const outlineCommitted = () => conflict('TASK_ALREADY_SUBMITTED', '该论文的大纲已确认，正在或已经生成正文');

/** commit_paper's charge: the paper price of the (edited) outline's target length; a bad outline is a 400. */
export async function commitPlan(app: Deps, userId: string, body: CommitBody) {
  const { task, paper } = await loadOwnPaper(app.db, userId, body.id, 'ai');
  if (paper.stage !== 'outline' || task.status !== 'draft') throw outlineCommitted();
  const outline = renumberOutline(body.outline);
  const problems = validateOutline(outline);
  if (problems.length > 0) throw badRequest(`大纲有误：${problems.slice(0, 3).join('；')}`, { problems });
  const length = outlineLength(outline);
  const { priceFen, rate } = await ratedPrice(app.db, 'paper', length);
  return { plan: chargePlan({ priceFen, rate, charCount: length, note: `论文写作：${task.title}` }), outline, length };
}

/**
 * commit_paper: the (edited) outline saved and checked, the paper charged by its target length and queued
 * as one task that writes the sections in order. A refusal charges and changes nothing.
 */
export async function commitPaper(app: AppContext, userId: string, body: CommitBody): Promise<PaperDetail> {
  const { plan, outline, length } = await commitPlan(app, userId, body);
  await app.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, body.id, 'paper');
    if (task.status !== 'draft') throw outlineCommitted();
    const [priced] = await tx.orm.update(tasks).set({ priceFen: plan.priceFen, offline: false, updatedAt: app.now() }).where(eq(tasks.id, task.id)).returning();
    await queueDraft(withDb(app, tx), priced, { note: plan.note });
    await tx.orm.update(papers).set({ outline, targetLength: length, stage: 'writing' }).where(eq(papers.taskId, task.id));
    await storeOutlineRows(tx, task.id, outline);
  });
  return loadPaper(app.db, userId, body.id, 'ai');
}

/** paper_submit / paper_xueshu_submit's charge: the paper price of the target length. */
export async function classicPaperPlan(app: Deps, title: string, length: number, form: 'thesis' | 'journal'): Promise<ChargePlan> {
  const { priceFen, rate } = await ratedPrice(app.db, 'paper', length);
  return chargePlan({ priceFen, rate, charCount: length, note: `${form === 'journal' ? '期刊论文写作' : '毕业论文写作'}：${cleanTitle(title)}` });
}

/**
 * paper_submit / paper_xueshu_submit: the classic one-form papers — charged by the target length and queued
 * as one task that drafts the outline, writes every section and the chosen companion materials.
 */
export async function submitClassicPaper(
  app: AppContext,
  userId: string,
  body: SubmitBody | XueshuBody,
  form: 'thesis' | 'journal',
): Promise<PaperRecord> {
  const degree: Degree = form === 'journal' ? 'journal' : (body as SubmitBody).degree;
  const brief = cleanBrief(body, degree);
  const kinds: PaperMaterialKind[] = form === 'thesis' ? [...new Set((body as SubmitBody).materials ?? [])] : [];
  const plan = await classicPaperPlan(app, brief.title, brief.targetLength, form);
  const id = await app.db.transaction(async (tx) => {
    const deps = withDb(app, tx);
    const task = await createTask(deps, { kind: 'paper', userId, title: brief.title, priceFen: plan.priceFen, offline: false });
    await tx.orm.insert(papers).values({
      taskId: task.id,
      api: 'info',
      form,
      ...paperValues(brief),
      stage: 'writing',
      materials: kinds.map((kind) => ({ kind, content: '', status: 'queued' as const, offline: false })),
    });
    await queueDraft(deps, task, { note: plan.note });
    return task.id;
  });
  const { task, paper } = await loadOwnPaper(app.db, userId, id, 'info');
  return recordView(task, paper, { total: 0, done: 0 });
}

import { eq } from 'drizzle-orm';
import { type AppContext, type Deps, withDb } from '../../context';
import { paperSections } from '../../db/schema/papers';
import { tasks } from '../../db/schema/tasks';
import { badRequest, conflict } from '../../errors';
import type { components } from '../../gen/openapi';
import { countChars } from '@common/char-count';
import { checkCitations } from '../../engines/writing/citations';
import { summarizeSection } from '../../engines/writing/context';
import { MATERIAL_NAMES } from '../../engines/writing/prompts';
import { chargePlan } from '../billing/plan';
import { computePrice, type Rate, serviceRate } from '../billing/prices';
import { createTask, queueDraft } from '../tasks/tasks';
import { assembleText, loadOwnPaper, ownSection, paperBusy, type PaperApi, type PaperSection, paperIsBusy, sectionView, sectionsOf } from './records';

/** update_content: the student's own text for a section (its citation marks checked like generated text). */
export async function updateContent(app: AppContext, userId: string, sectionId: string, content: string): Promise<PaperSection> {
  const { section, task, paper } = await ownSection(app.db, userId, sectionId);
  const text = content.replace(/\r\n/g, '\n').trim();
  if (!text) throw badRequest('章节正文不能为空');
  if (section.status === 'queued' || section.status === 'running' || (task.status === 'running' && paper.stage === 'writing')) throw paperBusy();
  const checked = checkCitations(text, paper.references.length).text;
  const [row] = await app.db.orm
    .update(paperSections)
    .set({ content: checked, charCount: countChars(checked), summary: summarizeSection(checked), status: 'done', error: null, updatedAt: app.now() })
    .where(eq(paperSections.id, sectionId))
    .returning();
  return sectionView(row);
}

/** delete_content: a section taken out of the paper (no refund). */
export async function deleteContent(app: AppContext, userId: string, sectionId: string) {
  const { section, task, paper } = await ownSection(app.db, userId, sectionId);
  if (section.status === 'queued' || section.status === 'running' || (task.status === 'running' && paper.stage === 'writing')) throw paperBusy();
  await app.db.orm.delete(paperSections).where(eq(paperSections.id, sectionId));
  return { id: sectionId, deleted: true as const };
}

/** What rewriting one section costs: the paper price per 1 000 characters of its target length, no minimum. */
async function sectionRate(app: Deps): Promise<Rate> {
  return { ...(await serviceRate(app.db, 'paper')), minFen: 0 };
}

/** reload's charge: the section's target length at the paper price, no minimum. */
export async function sectionReloadPlan(app: Deps, userId: string, sectionId: string, api?: PaperApi) {
  const { section, task, paper } = await ownSection(app.db, userId, sectionId, api);
  if (paper.stage === 'outline') throw conflict('PAPER_NOT_READY', '请先确认大纲');
  if (section.targetLength <= 0) throw badRequest('章标题下没有正文，请重新生成其中的节');
  // Other sections may be rewritten at the same time; the whole-paper task and this section may not.
  if (task.status === 'queued' || task.status === 'running' || section.status === 'queued' || section.status === 'running') throw paperBusy();
  const rate = await sectionRate(app);
  const plan = chargePlan({ priceFen: computePrice(rate, section.targetLength), rate, charCount: section.targetLength, note: `论文重新生成一节：${section.heading}` });
  return { plan, section, task };
}

/**
 * reload: one written section (done or failed) queued to be written again as its own task, charged per
 * section; the runner refunds it if it fails, and the earlier text stays.
 */
export async function reloadSection(app: AppContext, userId: string, sectionId: string, api?: PaperApi): Promise<PaperSection> {
  const { plan, section, task } = await sectionReloadPlan(app, userId, sectionId, api);
  const updated = await app.db.transaction(async (tx) => {
    const deps = withDb(app, tx);
    const [locked] = await tx.orm.select().from(paperSections).where(eq(paperSections.id, sectionId)).for('update');
    if (!locked || locked.status === 'queued' || locked.status === 'running') throw paperBusy();
    const job = await createTask(deps, {
      kind: 'paper',
      userId,
      title: `重新生成 ${section.heading}：${task.title}`,
      priceFen: plan.priceFen,
      offline: false,
      payload: { reloadSectionId: sectionId },
    });
    await queueDraft(deps, job, { note: plan.note });
    const [queued] = await tx.orm.update(paperSections).set({ status: 'queued', error: null, updatedAt: app.now() }).where(eq(paperSections.id, sectionId)).returning();
    return queued;
  });
  return sectionView(updated);
}

/** delete: the paper with its sections and materials (no refund); refused while it is being written. */
export async function deletePaper(app: AppContext, userId: string, id: string, api: PaperApi) {
  const { task } = await loadOwnPaper(app.db, userId, id, api);
  if (await paperIsBusy(app.db, task)) throw paperBusy();
  await app.db.orm.delete(tasks).where(eq(tasks.id, id));
  return { id, deleted: true as const };
}

/** query_paper_content: the assembled text (while writing, the finished sections only). */
export async function paperFullText(app: AppContext, userId: string, id: string, api?: PaperApi): Promise<components['schemas']['PaperFullText']> {
  const { task, paper } = await loadOwnPaper(app.db, userId, id, api);
  const rows = await sectionsOf(app.db, id);
  const content = assembleText(paper, rows);
  return {
    id,
    title: task.title,
    status: task.status,
    stage: paper.stage,
    content,
    charCount: countChars(content),
    offline: rows.some((r) => r.status === 'done' && r.offline && r.targetLength > 0),
  };
}

/** load_other_by_id: the companion materials chosen on the form. */
export async function paperMaterials(app: AppContext, userId: string, id: string): Promise<components['schemas']['PaperMaterials']> {
  const { task, paper } = await loadOwnPaper(app.db, userId, id, 'info');
  return {
    paperId: id,
    materials: paper.materials.map((m) => ({
      kind: m.kind,
      title: `${task.title}——${MATERIAL_NAMES[m.kind]}`.slice(0, 200),
      content: m.content,
      charCount: countChars(m.content),
      status: m.status,
      offline: m.offline,
    })),
  };
}


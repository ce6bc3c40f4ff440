import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/ledger';
import { type PaperRow, type PaperSectionRow, paperSections, papers, type StoredMaterial } from '../../db/schema/papers';
import { tasks } from '../../db/schema/tasks';
import { countChars } from '@common/char-count';
import { summarizeSection } from '../../engines/writing/context';
import { generateOutline, writeAbstract, writeMaterial, writeSection } from '../../engines/writing/generate';
import type { PaperBrief, WritingUnit } from '../../engines/writing/types';
import { lockUser } from '../billing/balance';
import { storeOutlineRows } from './create';
import type { JobRun } from '../tasks/jobs';
import { sectionsOf } from './records';

/** Prompt tokens a section is written from (outline, abstract, summaries, references); the answer comes on top. */
export const WRITING_CONTEXT_TOKENS = 6000;
/** How often the section being written is saved while it streams in (the content page polls). */
const FLUSH_MS = 400;

export class PaperMissing extends Error {}

/** A model failure part-way: what was delivered is kept, the rest refunded. */
export class PaperInterrupted extends Error {
  constructor(
    readonly cause: unknown,
    readonly delivered: number,
  ) {
    super('the model failed part-way through the paper');
  }
}

export const briefOf = (task: { title: string }, paper: PaperRow): PaperBrief => ({
  title: task.title,
  discipline: paper.discipline,
  degree: paper.degree,
  targetLength: paper.targetLength,
  keywords: paper.keywords,
  references: paper.references,
  requirements: paper.requirements || undefined,
});

const unitOf = (s: PaperSectionRow): WritingUnit => ({
  index: s.index,
  level: s.level === 1 ? 1 : 2,
  heading: s.heading,
  chapterHeading: s.chapterHeading,
  targetLength: s.targetLength,
  points: s.points,
});

/** Whether a row is written (not a chapter heading standing over its sections). */
export const writes = (s: PaperSectionRow) => s.targetLength > 0;

async function load(db: Executor, taskId: string) {
  const [row] = await db.orm.select({ task: tasks, paper: papers }).from(tasks).innerJoin(papers, eq(papers.taskId, tasks.id)).where(eq(tasks.id, taskId));
  if (!row) throw new PaperMissing(`paper ${taskId} is gone`);
  return row;
}

/** Writes one section from what came before it, saving as it streams and when it is done. */
export async function writeOne(run: Pick<JobRun, 'db' | 'llm' | 'signal'>, taskId: string, section: PaperSectionRow): Promise<void> {
  const { db } = run;
  const { task, paper } = await load(db, taskId);
  const all = await sectionsOf(db, taskId);
  const previous = all.filter((s) => s.index < section.index && s.status === 'done' && s.summary).map((s) => ({ heading: s.heading, summary: s.summary }));
  await db.orm.update(paperSections).set({ status: 'running', error: null, updatedAt: new Date() }).where(eq(paperSections.id, section.id));
  let saving: Promise<unknown> = Promise.resolve();
  const written = await writeSection(
    run.llm,
    { brief: briefOf(task, paper), outline: paper.outline ?? { chapters: [] }, abstract: paper.abstract, previous, unit: unitOf(section), references: paper.references },
    {
      contextBudget: WRITING_CONTEXT_TOKENS,
      signal: run.signal,
      taskId,
      textEveryMs: FLUSH_MS,
      onText: (text) => {
        saving = saving.then(() =>
          db.orm.update(paperSections).set({ content: text, charCount: countChars(text), updatedAt: new Date() }).where(eq(paperSections.id, section.id)),
        );
      },
    },
  );
  await saving;
  await db.orm
    .update(paperSections)
    .set({
      content: written.content,
      charCount: countChars(written.content),
      summary: summarizeSection(written.content),
      status: 'done',
      offline: false,
      error: null,
      removedCitations: written.removedCitations,
      updatedAt: new Date(),
    })
    .where(eq(paperSections.id, section.id));
  if (written.removedCitations.length > 0) {
    const [p] = await db.orm.select({ n: papers.removedCitations }).from(papers).where(eq(papers.taskId, taskId));
    await db.orm.update(papers).set({ removedCitations: (p?.n ?? 0) + written.removedCitations.length }).where(eq(papers.taskId, taskId));
  }
}

/**
 * The whole-paper job: the outline (classic forms only; the AI flow's was confirmed by the user), the
 * abstract, then every section in order, each saved as it streams and when done, then the companion
 * materials. A resumed run skips what is done. A model failure part-way leaves the finished sections and
 * throws PaperInterrupted with the share of the target length delivered.
 */
export async function runPaper(run: Pick<JobRun, 'db' | 'llm' | 'signal'>, taskId: string, progress: (percent: number) => Promise<void>): Promise<{ sections: number }> {
  const { db } = run;
  const first = await load(db, taskId);
  let { paper } = first;
  const brief = briefOf(first.task, paper);
  if (!paper.outline) {
    const outline = await generateOutline(run.llm, brief, { signal: run.signal, taskId });
    await db.transaction(async (tx) => {
      await tx.orm.update(papers).set({ outline: outline.outline, outlineSource: outline.source }).where(eq(papers.taskId, taskId));
      await storeOutlineRows(tx, taskId, outline.outline);
    });
    ({ paper } = await load(db, taskId));
  }
  await progress(5);
  if (!paper.abstract) {
    const abstract = await writeAbstract(run.llm, brief, paper.outline!, paper.englishAbstract, { signal: run.signal, taskId });
    await db.orm.update(papers).set({ abstract: abstract.chinese, abstractEn: abstract.english }).where(eq(papers.taskId, taskId));
  }
  await progress(10);
  const rows = (await sectionsOf(db, taskId)).filter(writes);
  const total = rows.reduce((n, s) => n + s.targetLength, 0) || 1;
  let delivered = rows.filter((s) => s.status === 'done').reduce((n, s) => n + s.targetLength, 0);
  for (const section of rows) {
    if (section.status === 'done') continue;
    try {
      await writeOne(run, taskId, section);
    } catch (error) {
      await db.orm
        .update(paperSections)
        .set({ status: 'failed', error: '大模型服务出错，本节未能写完，可重新生成本节', updatedAt: new Date() })
        .where(eq(paperSections.id, section.id));
      // The sections after it are not written in this task: each can be reloaded on its own.
      await db.orm
        .update(paperSections)
        .set({ status: 'cancelled', error: '论文生成中断，本节尚未写，可重新生成本节', updatedAt: new Date() })
        .where(and(eq(paperSections.taskId, taskId), eq(paperSections.status, 'queued')));
      throw new PaperInterrupted(error, delivered / total);
    }
    delivered += section.targetLength;
    await progress(10 + (80 * delivered) / total);
  }
  await writeMaterials(run, taskId);
  const written = await sectionsOf(db, taskId);
  const chars = written.reduce((n, s) => n + s.charCount, 0);
  await db.orm.update(papers).set({ stage: 'done' }).where(eq(papers.taskId, taskId));
  await db.orm.update(tasks).set({ charCount: chars }).where(eq(tasks.id, taskId));
  return { sections: written.length };
}

/** The companion materials asked for; one that fails is marked failed without failing the paper. */
async function writeMaterials(run: Pick<JobRun, 'db' | 'llm' | 'signal'>, taskId: string): Promise<void> {
  const { db } = run;
  const { task, paper } = await load(db, taskId);
  if (paper.materials.length === 0 || !paper.outline) return;
  const materials: StoredMaterial[] = [...paper.materials];
  for (const [i, m] of materials.entries()) {
    if (m.status === 'done') continue;
    try {
      const written = await writeMaterial(run.llm, m.kind, briefOf(task, paper), paper.outline, paper.references, { signal: run.signal, taskId });
      materials[i] = { ...m, content: written.content, status: 'done', offline: false };
    } catch (error) {
      if (run.signal?.aborted) throw error;
      materials[i] = { ...m, status: 'failed' };
    }
    await db.orm.update(papers).set({ materials }).where(eq(papers.taskId, taskId));
  }
}

/**
 * The part of a failed paper's charge that was not delivered, given back once (the runner's own refund
 * then finds it and adds nothing). Nothing delivered: no entry here, the runner refunds it all.
 */
export async function refundUndelivered(db: Executor, taskId: string, deliveredShare: number, note: string): Promise<number> {
  if (deliveredShare <= 0) return 0;
  return db.transaction(async (tx) => {
    const [charge] = await tx.orm.select().from(ledgerEntries).where(and(eq(ledgerEntries.taskId, taskId), eq(ledgerEntries.kind, 'charge')));
    if (!charge) return 0;
    await lockUser(tx, charge.userId);
    const [existing] = await tx.orm.select().from(ledgerEntries).where(and(eq(ledgerEntries.taskId, taskId), eq(ledgerEntries.kind, 'refund')));
    if (existing) return existing.amountFen;
    const amount = Math.round(-charge.amountFen * (1 - Math.min(1, deliveredShare)));
    await tx.orm.insert(ledgerEntries).values({ userId: charge.userId, kind: 'refund', amountFen: amount, taskId, note: note.slice(0, 200) });
    return amount;
  });
}

/** reload: one section written again (its own task, charged per section); the earlier text stays if it fails. */
export async function rerunSection(run: Pick<JobRun, 'db' | 'llm' | 'signal'>, sectionId: string): Promise<void> {
  const { db } = run;
  const [section] = await db.orm.select().from(paperSections).where(eq(paperSections.id, sectionId));
  if (!section) throw new PaperMissing(`section ${sectionId} is gone`);
  try {
    await writeOne(run, section.taskId, section);
  } catch (error) {
    await db.orm
      .update(paperSections)
      .set({ status: section.content ? 'done' : 'failed', content: section.content, charCount: section.charCount, error: '重新生成失败，已保留原文，费用已退回', updatedAt: new Date() })
      .where(eq(paperSections.id, sectionId));
    throw error;
  }
  // A paper that failed part-way is complete once every section is written.
  const rows = await sectionsOf(db, section.taskId);
  if (rows.every((s) => s.status === 'done')) {
    const chars = rows.reduce((n, s) => n + s.charCount, 0);
    await db.orm.update(papers).set({ stage: 'done' }).where(eq(papers.taskId, section.taskId));
    await db.orm.update(tasks).set({ charCount: chars }).where(eq(tasks.id, section.taskId));
  }
}


import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { paperSections, papers } from '../../db/schema/papers';
import { tasks } from '../../db/schema/tasks';
import { countChars } from '@common/char-count';
import { outlineLength, outlineRows } from '../../engines/writing/outline';
import { outlineTemplate } from '../../engines/writing/templates';
import { priceFor } from '../billing/prices';

export interface SeededPaper {
  id: string;
  userId: string;
  title: string;
  api: 'ai' | 'info';
  /** outline: a draft with its template outline; done: every section written. */
  stage: 'outline' | 'done';
  references?: string[];
}

export const SEED_REFERENCES = [
  '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
  '张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
];

/** Section ids of a seeded paper: `${paperId}-s${index}` (the journal outline: index 0 is the first chapter, written whole). */
export const seededSectionId = (paperId: string, index: number) => `${paperId}-s${index}`;

/**
 * Writes a paper directly (provider states of the contract tests, demo data): the journal template outline,
 * and when done every section with a short text citing [1]. No charge, no queue. Writing it again resets it.
 */
export async function storePaper(deps: Deps, input: SeededPaper): Promise<void> {
  const { outline } = outlineTemplate('journal', '计算机科学与技术', 5000);
  const length = outlineLength(outline);
  const done = input.stage === 'done';
  const now = deps.now();
  const rows = outlineRows(outline);
  const text = (heading: string) => `本节讨论${heading.replace(/^第\d+章\s*/, '')}的相关问题，已有研究给出了系统的梳理[1]。`;
  const task = {
    kind: 'paper' as const,
    userId: input.userId,
    title: input.title,
    status: done ? ('done' as const) : ('draft' as const),
    progress: done ? 100 : 0,
    priceFen: await priceFor(deps.db, 'paper', length),
    charCount: done ? rows.reduce((n, r) => n + countChars(text(r.heading)), 0) : 0,
    attempts: 0,
    error: null,
    offline: !done,
    payload: {},
    createdAt: now,
    updatedAt: now,
    finishedAt: done ? now : null,
  };
  const paper = {
    api: input.api,
    form: input.api === 'ai' ? ('ai' as const) : ('journal' as const),
    discipline: '计算机科学与技术',
    degree: 'journal' as const,
    targetLength: length,
    keywords: ['文本相似度', '深度学习'],
    references: input.references ?? SEED_REFERENCES,
    requirements: '',
    author: '张三',
    institution: '某某大学',
    englishAbstract: false,
    outline,
    outlineSource: done ? ('model' as const) : ('template' as const),
    stage: input.stage,
    abstract: done ? '本文研究中文文本相似度计算方法，比较了多种方法的效果。' : '',
    abstractEn: null,
    materials: [],
    removedCitations: 0,
  };
  await deps.db.transaction(async (tx) => {
    await tx.orm.insert(tasks).values({ id: input.id, ...task }).onConflictDoUpdate({ target: tasks.id, set: task });
    await tx.orm.insert(papers).values({ taskId: input.id, ...paper }).onConflictDoUpdate({ target: papers.taskId, set: paper });
    await tx.orm.delete(paperSections).where(eq(paperSections.taskId, input.id));
    if (!done) return;
    await tx.orm.insert(paperSections).values(
      rows.map((r) => ({
        id: seededSectionId(input.id, r.index),
        taskId: input.id,
        index: r.index,
        level: r.level,
        heading: r.heading,
        chapterHeading: r.chapterHeading,
        targetLength: r.targetLength,
        points: r.points,
        content: text(r.heading),
        charCount: countChars(text(r.heading)),
        summary: text(r.heading),
        status: 'done' as const,
        offline: false,
      })),
    );
  });
}

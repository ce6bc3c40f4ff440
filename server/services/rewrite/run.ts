import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { checks } from '../../db/schema/checks';
import { type RewriteRecordMode, rewriteParagraphs, rewrites } from '../../db/schema/rewrites';
import { tasks } from '../../db/schema/tasks';
import { createLlmGateway, type LlmGateway, llmSettings } from '../../engines/llm';
import { countChars } from '../../engines/text/count';
import type { CheckReport } from '../../engines/similarity/types';
import { checkText } from '../../engines/similarity/check';
import { ReferenceLibrary } from '../library/library';
import type { TextPreparer } from '../library/prepare';
import { recordModelCalls } from '../llm/calls';
import { type EngineMode, type EngineParagraph, type EngineResult, hasEngineOverride, loadRewriteEngine, rewriteOne } from './engine';

export class RewriteMissing extends Error {}

/** Where the CPU work of measuring runs: this thread by default; the job passes the worker pool's. */
export interface RewriteWork {
  check?: typeof checkText;
  prepare?: TextPreparer;
  gateway?: LlmGateway;
  signal?: AbortSignal;
  /** The engine without a model in a worker thread (the job passes rewriteOfflineInWorker). */
  offline?: (input: { text: string; mode: EngineMode; seed: number; protectedTerms: string[] }) => Promise<EngineResult>;
}

const gateways = new WeakMap<object, LlmGateway>();

/** The model gateway of this process for jobs (the API process has its own in AppContext). */
export function jobGateway(config: Config, db: Executor): LlmGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = createLlmGateway(llmSettings(config), { onCall: recordModelCalls(db) });
    gateways.set(config, gateway);
  }
  return gateway;
}

const squash = (text: string) => text.replace(/\s+/g, '');

/** Each paragraph's copy ratio in a report, by its text (the checker's paragraphs leave headings out). */
function ratiosByText(report: Pick<CheckReport, 'paragraphs'>): Map<string, number> {
  const ratios = new Map<string, number>();
  for (const p of report.paragraphs) ratios.set(squash(p.text), p.ratio);
  return ratios;
}

/** A report of `text` against the library, the record itself never a candidate. */
async function measure(db: Executor, taskId: string, userId: string, text: string, work: RewriteWork): Promise<CheckReport> {
  const library = new ReferenceLibrary(db, undefined, work.prepare);
  return (work.check ?? checkText)(text, library, { excludeDocumentIds: [taskId], ownerId: userId, excludeOwn: true });
}

const engineMode = (mode: RewriteRecordMode): EngineMode => mode;

/**
 * The rewording job: the whole text measured against the library, every paragraph rewritten by the
 * engine (each stored the moment it is done, so a failure part-way keeps the finished ones), then the
 * rewritten text measured again. 学术库降重 keeps the paragraphs our check did not flag as they are.
 */
export async function runRewrite(
  db: Executor,
  taskId: string,
  progress: (percent: number) => Promise<void>,
  work: RewriteWork = {},
): Promise<{ offline: boolean; paragraphs: number }> {
  const [row] = await db.orm
    .select({ userId: tasks.userId, rewrite: rewrites })
    .from(rewrites)
    .innerJoin(tasks, eq(tasks.id, rewrites.taskId))
    .where(eq(rewrites.taskId, taskId));
  if (!row) throw new RewriteMissing(`rewrite ${taskId} has no stored text`);
  const { rewrite, userId } = row;

  // Before: our own check's report (学术库降重 on a finished check reuses it) or a fresh one.
  let before: Pick<CheckReport, 'paragraphs' | 'figures'> | null = null;
  if (rewrite.sourceCheckId) {
    const [stored] = await db.orm.select({ report: checks.report }).from(checks).where(eq(checks.taskId, rewrite.sourceCheckId));
    before = (stored?.report as unknown as CheckReport | null) ?? null;
  }
  before ??= await measure(db, taskId, userId, rewrite.text, work);
  await progress(15);
  const ratiosBefore = ratiosByText(before);
  const flagged = (original: string) => (ratiosBefore.get(squash(original)) ?? 0) > 0;

  await db.orm.delete(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, taskId));
  let done = 0;
  const store = async (p: EngineParagraph) => {
    const keep = (rewrite.mode === 'cnki' || rewrite.source === 'check') && !flagged(p.original);
    const values = {
      original: p.original,
      rewritten: keep ? '' : p.rewritten,
      status: 'done' as const,
      offline: p.offline,
      similarityToOriginal: keep ? 1 : p.similarityToOriginal,
      bigramOverlap: keep ? 1 : p.bigramOverlap,
      protectedKept: keep ? true : p.protectedKept,
      similarityBefore: ratiosBefore.get(squash(p.original)) ?? null,
      accepted: !keep,
      updatedAt: new Date(),
    };
    await db.orm
      .insert(rewriteParagraphs)
      .values({ taskId, index: p.index, ...values })
      .onConflictDoUpdate({ target: [rewriteParagraphs.taskId, rewriteParagraphs.index], set: values });
    done += 1;
    await progress(15 + Math.min(65, done));
  };
  // Without a model the engine is CPU work: a worker thread runs it. With one it waits on the model, here,
  // storing each paragraph as it comes.
  const withoutModel = rewrite.mode === 'smart' || !work.gateway?.configured('rewrite');
  const options = { mode: engineMode(rewrite.mode), seed: rewrite.seed, protectedTerms: rewrite.protectedTerms };
  const result =
    withoutModel && work.offline && !hasEngineOverride()
      ? await work.offline({ text: rewrite.text, ...options })
      : await (await loadRewriteEngine()).rewriteDocument(rewrite.text, { ...options, gateway: work.gateway, signal: work.signal, onParagraph: store });
  // Engines that report only at the end: store what onParagraph did not.
  if (done < result.paragraphs.length) for (const p of result.paragraphs) await store(p);
  await progress(80);
  await remeasure(db, taskId, userId, before.figures.totalRatio, work);
  return { offline: result.offline, paragraphs: result.paragraphs.length };
}

/** The rewritten text as the download gives it: accepted rewrites, the original elsewhere. */
export async function rewrittenText(db: Executor, taskId: string): Promise<string> {
  const pairs = await db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, taskId)).orderBy(rewriteParagraphs.index);
  return pairs.map((p) => (p.accepted && p.rewritten ? p.rewritten : p.original)).join('\n');
}

/** The rewritten text against the library again: the record's and each paragraph's figure after. */
export async function remeasure(db: Executor, taskId: string, userId: string, similarityBefore: number | null, work: RewriteWork) {
  const pairs = await db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, taskId)).orderBy(rewriteParagraphs.index);
  const text = pairs.map((p) => p.rewritten || p.original).join('\n');
  const after = await measure(db, taskId, userId, text, work);
  const ratios = ratiosByText(after);
  for (const p of pairs) {
    const ratio = ratios.get(squash(p.rewritten || p.original));
    await db.orm
      .update(rewriteParagraphs)
      .set({ similarityAfter: ratio ?? null })
      .where(eq(rewriteParagraphs.id, p.id));
  }
  await db.orm
    .update(rewrites)
    .set({ similarityBefore, similarityAfter: after.figures.totalRatio, rewrittenCharCount: countChars(text) })
    .where(eq(rewrites.taskId, taskId));
}

/** reload: one paragraph rewritten again (another seed), its figures measured again. */
export async function rerunParagraph(db: Executor, pairId: string, work: RewriteWork = {}): Promise<{ offline: boolean }> {
  const [row] = await db.orm
    .select({ pair: rewriteParagraphs, rewrite: rewrites, userId: tasks.userId })
    .from(rewriteParagraphs)
    .innerJoin(rewrites, eq(rewrites.taskId, rewriteParagraphs.taskId))
    .innerJoin(tasks, eq(tasks.id, rewrites.taskId))
    .where(eq(rewriteParagraphs.id, pairId));
  if (!row) throw new RewriteMissing(`paragraph ${pairId} is gone`);
  const engine = await loadRewriteEngine();
  const seed = reloadSeed(row.rewrite.seed, row.pair.index, row.pair.updatedAt);
  try {
    const p = await rewriteOne(engine, row.pair.original, {
      mode: engineMode(row.rewrite.mode === 'cnki' ? 'cnki' : row.rewrite.mode),
      seed,
      protectedTerms: row.rewrite.protectedTerms,
      gateway: work.gateway,
      signal: work.signal,
    });
    await db.orm
      .update(rewriteParagraphs)
      .set({
        rewritten: p.rewritten,
        status: 'done',
        offline: p.offline,
        similarityToOriginal: p.similarityToOriginal,
        bigramOverlap: p.bigramOverlap,
        protectedKept: p.protectedKept,
        accepted: true,
        updatedAt: new Date(),
      })
      .where(eq(rewriteParagraphs.id, pairId));
    await remeasure(db, row.rewrite.taskId, row.userId, row.rewrite.similarityBefore, work);
    return { offline: p.offline };
  } catch (error) {
    // The earlier rewrite stays; the paragraph says the new attempt failed.
    await db.orm.update(rewriteParagraphs).set({ status: 'failed', updatedAt: new Date() }).where(eq(rewriteParagraphs.id, pairId));
    throw error;
  }
}

/** A new seed for each re-run of a paragraph, so 重新改写 gives another version. */
function reloadSeed(seed: number, index: number, updatedAt: Date): number {
  return (seed * 7919 + index * 104729 + (updatedAt.getTime() % 1000003)) >>> 0;
}

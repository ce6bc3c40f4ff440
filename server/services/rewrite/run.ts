import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { countChars } from '@common/char-count';
import type { Executor } from '../../db/client';
import { aigcDetections, aigcParagraphs } from '../../db/schema/aigc';
import { checks } from '../../db/schema/checks';
import { type RewriteRecordMode, rewriteParagraphs, rewrites } from '../../db/schema/rewrites';
import { tasks } from '../../db/schema/tasks';
import type { AigcSummary } from '../../engines/aigc/scored';
import type { RewriteMode, RewriteOptions, RewrittenParagraph } from '../../engines/rewrite';
import type { CheckReport } from '../../engines/similarity/types';
import type { InPlacePlan } from '../../engines/docx/in-place';
import { refundTask } from '../billing/charges';
import { libraryFor, librarySearchParams } from '../library/library';
import { readOriginal } from '../check/file-store';
import { removeUnheldOriginal } from '../check/original-refs';
import type { JobRun } from '../tasks/jobs';

import { checkPair, recordChecks } from './sentence-figures';

export class RewriteMissing extends Error {}

const squash = (text: string) => text.replace(/\s+/g, '');

/** Each paragraph's copy ratio in a report, by its text (the checker's paragraphs leave headings out). */
function ratiosByText(report: Pick<CheckReport, 'paragraphs'>): Map<string, number> {
  const ratios = new Map<string, number>();
  for (const p of report.paragraphs) ratios.set(squash(p.text), p.ratio);
  return ratios;
}

/** A report of `text` against the library, the record itself never a candidate. */
async function measure({ db, compute, signal, config }: JobRun, taskId: string, userId: string, text: string): Promise<CheckReport> {
  const options = { excludeDocumentIds: [taskId], ownerId: userId, excludeOwn: true, params: librarySearchParams(config) };
  return compute.checkText({ text, options }, libraryFor(db, compute, signal), { signal });
}

/** 降AIGC (a record made from a detection) in rewrite mode uses the engine's aigc mode (prompt and choice by our detector). */
const engineMode = (mode: RewriteRecordMode, source?: string): RewriteMode => (source === 'aigc' && mode === 'rewrite' ? 'aigc' : mode);

/** Our AIGC detector on a text: each paragraph's probability by its text, and the document's AI share. */
async function detect({ compute, signal }: JobRun, text: string): Promise<{ byText: Map<string, number>; flagged: Set<string>; aiCharRatio: number }> {
  const scored = await compute.scoreAigc({ text }, { signal });
  const byText = new Map<string, number>();
  const flagged = new Set<string>();
  for (const p of scored.paragraphs) {
    byText.set(squash(p.text), p.probability);
    if (p.band === 'high' || p.band === 'medium') flagged.add(squash(p.text));
  }
  return { byText, flagged, aiCharRatio: scored.summary.aiCharRatio };
}

/** The source detection of a 降AIGC record: its paragraphs' probabilities and bands by text, and its AI share. */
async function sourceDetection(db: Executor, detectionId: string) {
  const [row] = await db.orm.select({ summary: aigcDetections.summary }).from(aigcDetections).where(eq(aigcDetections.taskId, detectionId));
  const paragraphs = await db.orm
    .select({ text: aigcParagraphs.text, probability: aigcParagraphs.probability, band: aigcParagraphs.band })
    .from(aigcParagraphs)
    .where(eq(aigcParagraphs.taskId, detectionId));
  const byText = new Map<string, number>();
  const flagged = new Set<string>();
  for (const p of paragraphs) {
    byText.set(squash(p.text), p.probability);
    if (p.band === 'high' || p.band === 'medium') flagged.add(squash(p.text));
  }
  const summary = (row?.summary as unknown as AigcSummary | null) ?? null;
  return { byText, flagged, aiCharRatio: summary?.aiCharRatio ?? null };
}

/** The sentences 查重 marked (red or orange) in each flagged paragraph, for 学术库降重. */
export function flaggedSentences(report: Pick<CheckReport, 'paragraphs'>): Record<string, true | Array<[number, number]>> {
  const only: Record<string, true | Array<[number, number]>> = {};
  for (const p of report.paragraphs) {
    if (!(p.ratio > 0)) continue;
    const marked = (p.sentences ?? []).filter((s) => s.mark === 'red' || s.mark === 'orange').map((s) => [s.start, s.end] as [number, number]);
    // Offsets are the report paragraph's; they hold for the engine's paragraph when the texts are the same.
    only[squash(p.text)] = marked.length && p.text === p.text.trim() ? marked : true;
  }
  return only;
}

/**
 * The rewording job: the whole text measured against the library, every paragraph rewritten by the
 * engine (each stored the moment it is done, so a failure part-way keeps the finished ones), then the
 * rewritten text measured again. 学术库降重 keeps the paragraphs our check did not flag as they are.
 */
export async function runRewrite(
  run: JobRun,
  taskId: string,
  progress: (percent: number) => Promise<void>,
): Promise<{ offline: boolean; paragraphs: number }> {
  const { db, compute, llm, signal } = run;
  const [row] = await db.orm
    .select({ userId: tasks.userId, title: tasks.title, rewrite: rewrites })
    .from(rewrites)
    .innerJoin(tasks, eq(tasks.id, rewrites.taskId))
    .where(eq(rewrites.taskId, taskId));
  if (!row) throw new RewriteMissing(`rewrite ${taskId} has no stored text`);
  const { rewrite, userId, title } = row;

  // Before: our own check's report (学术库降重 on a finished check reuses it) or a fresh one.
  let before: Pick<CheckReport, 'paragraphs' | 'figures'> | null = null;
  if (rewrite.sourceCheckId) {
    const [stored] = await db.orm.select({ report: checks.report }).from(checks).where(eq(checks.taskId, rewrite.sourceCheckId));
    before = (stored?.report as unknown as CheckReport | null) ?? null;
  }
  before ??= await measure(run, taskId, userId, rewrite.text);
  await progress(15);
  const ratiosBefore = ratiosByText(before);

  // What is rewritten: 学术库降重 only the sentences 查重 marked, a record made from a check only the paragraphs
  // it flagged, 降AIGC only the paragraphs the detector flagged (high or medium); every paragraph otherwise.
  // check_aigc_and_machine_submit (source check-aigc): the paragraphs either 查重 or the detector flagged.
  const fromAigc = rewrite.source === 'aigc' && rewrite.sourceAigcId ? await sourceDetection(db, rewrite.sourceAigcId) : null;
  // AIGC before: the source detection's figures, or our detector on the submitted text.
  const aigcBefore = fromAigc ?? (await detect(run, rewrite.text));
  await progress(20);
  const checkFlagged = () => before.paragraphs.filter((p) => p.ratio > 0).map((p) => [squash(p.text), true as const] as const);
  let only: RewriteOptions['only'];
  if (fromAigc) only = Object.fromEntries([...fromAigc.flagged].map((key) => [key, true as const]));
  else if (rewrite.source === 'check-aigc') only = Object.fromEntries([...checkFlagged(), ...[...aigcBefore.flagged].map((key) => [key, true as const] as const)]);
  else if (rewrite.mode === 'cnki') only = flaggedSentences(before);
  else if (rewrite.source === 'check') only = Object.fromEntries(checkFlagged());
  const selected = (original: string) => !only || only[squash(original)] !== undefined;

  // A run resumed after a crash finds the paragraphs it stored before: each keeps its row (its id, which an
  // open comparison view uses for accept and reload), its text and the student's choice; only the rest is written.
  let done = 0;
  // The terms the check reads: the engine says which it found in the document (a stand-in engine may not).
  let terms: string[] = rewrite.protectedTerms;
  const store = async (p: RewrittenParagraph) => {
    const keep = p.changed === false || (only !== undefined && !selected(p.original));
    const rewritten = keep ? '' : p.rewritten;
    const values = {
      original: p.original,
      role: p.role ?? 'body',
      rewritten,
      sentences: p.sentences ?? [],
      status: 'done' as const,
      offline: p.offline,
      similarityToOriginal: keep ? 1 : p.similarityToOriginal,
      bigramOverlap: keep ? 1 : p.bigramOverlap,
      protectedKept: keep ? true : p.protectedKept,
      lostTerms: checkPair(p.original, rewritten, terms),
      similarityBefore: ratiosBefore.get(squash(p.original)) ?? null,
      aigcBefore: aigcBefore.byText.get(squash(p.original)) ?? null,
      accepted: !keep,
      updatedAt: new Date(),
    };
    await db.orm
      .insert(rewriteParagraphs)
      .values({ taskId, index: p.index, ...values })
      .onConflictDoUpdate({
        target: [rewriteParagraphs.taskId, rewriteParagraphs.index],
        set: values,
        setWhere: sql`${rewriteParagraphs.status} <> 'done' or ${rewriteParagraphs.original} <> excluded.original`,
      });
    done += 1;
    await progress(20 + Math.min(60, done));
  };
  // Without a model the engine is CPU work: a worker thread runs it. With one it waits on the model, here.
  // Either way each paragraph is stored as it comes, so with a model the document's terms are found first
  // (the engine finds the same).
  const withoutModel = rewrite.mode === 'smart' || !llm.configured('rewrite');
  // A resumed run does not pay the model again for what it stored before the crash.
  const stored = await db.orm
    .select({ index: rewriteParagraphs.index })
    .from(rewriteParagraphs)
    .where(and(eq(rewriteParagraphs.taskId, taskId), eq(rewriteParagraphs.status, 'done')));
  const skip = stored.map((p) => p.index);
  const options = { mode: engineMode(rewrite.mode, rewrite.source), seed: rewrite.seed, protectedTerms: rewrite.protectedTerms, title, only, skip };
  if (!withoutModel) terms = [...new Set([...terms, ...(await documentTermsOf(rewrite.text, rewrite.protectedTerms, title))])];
  const result = withoutModel
    ? await compute.rewriteOffline({ text: rewrite.text, ...options }, { signal, onParagraph: store })
    : await compute.rewriteDocument(rewrite.text, { ...options, gateway: llm, signal, onParagraph: store });
  if (result.terms?.length) terms = [...new Set([...terms, ...result.terms])];
  // Engines that report only at the end: store what onParagraph did not.
  if (done < result.paragraphs.length) for (const p of result.paragraphs) await store(p);
  await db.orm.delete(rewriteParagraphs).where(and(eq(rewriteParagraphs.taskId, taskId), gte(rewriteParagraphs.index, result.paragraphs.length)));
  await progress(80);
  await db.orm.update(rewrites).set({ aigcBefore: aigcBefore.aiCharRatio, terms }).where(eq(rewrites.taskId, taskId));
  await remeasure(run, taskId, userId, before.figures.totalRatio);
  await planInPlace(run, taskId);
  if (rewrite.source === 'aigc') await refundUnlowered(db, taskId);
  return { offline: result.offline, paragraphs: result.paragraphs.length };
}

export const UNLOWERED_REFUND_NOTE = '降AIGC 没有降低任何一段的 AI 概率，已全额退款';

/**
 * 降AIGC is paid for lowering AI traces: a record in which no paragraph was rewritten (each flagged one kept,
 * e.g. no rewording our detector scores lower) gets its charge back, once, and the ledger says why.
 */
async function refundUnlowered(db: Executor, taskId: string): Promise<void> {
  const [lowered] = await db.orm
    .select({ id: rewriteParagraphs.id })
    .from(rewriteParagraphs)
    .where(and(eq(rewriteParagraphs.taskId, taskId), ne(rewriteParagraphs.rewritten, '')))
    .limit(1);
  if (!lowered) await refundTask(db, taskId, UNLOWERED_REFUND_NOTE);
}

/**
 * For a record of a .docx: which rewrites the file can take where they are, each pair keeping why not
 * (docxKept), so the record says so before the student downloads. A file that is gone or cannot be read any
 * more is let go: the record's downloads are then built from its text (docxInPlace false).
 */
export async function planInPlace(run: JobRun, taskId: string): Promise<void> {
  const { db, compute, signal } = run;
  const dataDir = run.config?.DATA_DIR;
  if (!dataDir) return;
  const [row] = await db.orm.select({ sha256: rewrites.fileSha256 }).from(rewrites).where(eq(rewrites.taskId, taskId));
  if (!row?.sha256) return;
  const pairs = await db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, taskId)).orderBy(rewriteParagraphs.index);
  const changes = pairs.map((p) => ({ index: p.index, original: p.original, rewritten: p.rewritten }));
  const docx = await readOriginal(dataDir, row.sha256);
  let plan: InPlacePlan | null = null;
  if (docx) {
    try {
      plan = await compute.planDocxInPlace({ docx, changes }, { signal });
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  if (!plan) {
    await db.orm.update(rewrites).set({ fileSha256: null }).where(eq(rewrites.taskId, taskId));
    await removeUnheldOriginal(db, dataDir, row.sha256);
    return;
  }
  const kept = new Map(plan.kept.map((k) => [k.index, k.reason]));
  for (const p of pairs) {
    const docxKept = kept.get(p.index) ?? null;
    if (docxKept !== p.docxKept) await db.orm.update(rewriteParagraphs).set({ docxKept }).where(eq(rewriteParagraphs.id, p.id));
  }
}

/** The rewritten text as the download gives it: accepted rewrites, the original elsewhere. */
export async function rewrittenText(db: Executor, taskId: string): Promise<string> {
  const pairs = await db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, taskId)).orderBy(rewriteParagraphs.index);
  return pairs.map((p) => (p.accepted && p.rewritten ? p.rewritten : p.original)).join('\n');
}

/** The rewritten text against the library again: the record's and each paragraph's figure after. */
export async function remeasure(run: JobRun, taskId: string, userId: string, similarityBefore: number | null) {
  const { db } = run;
  const pairs = await db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, taskId)).orderBy(rewriteParagraphs.index);
  const text = pairs.map((p) => p.rewritten || p.original).join('\n');
  const after = await measure(run, taskId, userId, text);
  const aigcAfter = await detect(run, text);
  const ratios = ratiosByText(after);
  for (const p of pairs) {
    const key = squash(p.rewritten || p.original);
    await db.orm
      .update(rewriteParagraphs)
      .set({ similarityAfter: ratios.get(key) ?? null, aigcAfter: aigcAfter.byText.get(key) ?? null })
      .where(eq(rewriteParagraphs.id, p.id));
  }
  const [{ terms }] = await db.orm.select({ terms: rewrites.terms }).from(rewrites).where(eq(rewrites.taskId, taskId));
  await db.orm
    .update(rewrites)
    .set({ similarityBefore, similarityAfter: after.figures.totalRatio, aigcAfter: aigcAfter.aiCharRatio, rewrittenCharCount: countChars(text), ...recordChecks(pairs, terms) })
    .where(eq(rewrites.taskId, taskId));
}

/** The document's terms as the engine finds them (the model path stores paragraphs before the engine returns). */
async function documentTermsOf(text: string, userTerms: string[], title: string): Promise<string[]> {
  const { documentStructure, documentTerms } = await import('../../engines/rewrite');
  const { paragraphs, roles } = documentStructure(text, { title });
  return documentTerms(paragraphs, roles, { userTerms, title });
}

const OFFLINE_RELOAD_ATTEMPTS = 8;

/** reload: one paragraph rewritten again (another seed), its figures measured again. */
export async function rerunParagraph(run: JobRun, pairId: string): Promise<{ offline: boolean }> {
  const { db, compute, llm, signal } = run;
  const [row] = await db.orm
    .select({ pair: rewriteParagraphs, rewrite: rewrites, userId: tasks.userId })
    .from(rewriteParagraphs)
    .innerJoin(rewrites, eq(rewrites.taskId, rewriteParagraphs.taskId))
    .innerJoin(tasks, eq(tasks.id, rewrites.taskId))
    .where(eq(rewriteParagraphs.id, pairId));
  if (!row) throw new RewriteMissing(`paragraph ${pairId} is gone`);
  const seed = reloadSeed(row.rewrite.seed, row.pair.index, row.pair.updatedAt);
  try {
    const terms = row.rewrite.terms.length ? row.rewrite.terms : row.rewrite.protectedTerms;
    const rewriteWith = (attemptSeed: number, gateway: typeof llm | undefined) =>
      compute.rewriteParagraph(row.pair.original, {
        mode: engineMode(row.rewrite.mode, row.rewrite.source),
        seed: attemptSeed,
        protectedTerms: row.rewrite.protectedTerms,
        terms,
        role: row.pair.role,
        gateway,
        signal,
      });
    let p = await rewriteWith(seed, llm);
    // The offline engine often has few safe edits: other seeds (offline only, no model call) look for a wording
    // other than the one shown, so 重新改写 does not hand back the same text while another exists.
    for (let retry = 1; retry < OFFLINE_RELOAD_ATTEMPTS && p.offline && p.changed !== false && p.rewritten === row.pair.rewritten; retry++) {
      p = await rewriteWith((seed + retry * 0x9e3779b9) >>> 0, undefined);
    }
    const rewritten = p.changed === false ? '' : p.rewritten;
    await db.orm
      .update(rewriteParagraphs)
      .set({
        rewritten,
        sentences: p.sentences ?? [],
        status: 'done',
        offline: p.offline,
        similarityToOriginal: rewritten ? p.similarityToOriginal : 1,
        bigramOverlap: rewritten ? p.bigramOverlap : 1,
        protectedKept: rewritten ? p.protectedKept : true,
        lostTerms: checkPair(row.pair.original, rewritten, terms),
        accepted: rewritten !== '',
        updatedAt: new Date(),
      })
      .where(eq(rewriteParagraphs.id, pairId));
    await remeasure(run, row.rewrite.taskId, row.userId, row.rewrite.similarityBefore);
    await planInPlace(run, row.rewrite.taskId);
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

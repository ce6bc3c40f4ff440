import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import type { Executor } from '../../db/client';
import { aigcDetections, aigcParagraphs } from '../../db/schema/aigc';
import { type RewriteParagraphRow, type RewriteRecordMode, type RewriteRow, rewriteParagraphs, rewrites } from '../../db/schema/rewrites';
import { type Task, tasks } from '../../db/schema/tasks';
import { AIGC_THRESHOLD, bandOf } from '../../engines/aigc';
import { countChars } from '@common/char-count';
import type { LlmGateway } from '../../engines/llm';
import { badRequest, conflict, notFound } from '../../errors';
import { type ChargePlan, chargePlan } from '../billing/plan';
import { priceFor, ratedPrice } from '../billing/prices';
import { prepareRequestText } from '../check/paper-input';
import type { Requester } from '../free-uses';
import { downloadRewritten } from '../rewrite/docx';
import { createRewriteTask, rewritePrice } from '../rewrite/drafts';
import { apiOfMode, loadRewrite, type RewriteRecord } from '../rewrite/records';
import { rewrittenText } from '../rewrite/run';
import { reloadParagraph } from '../rewrite/submit';
import { modeLabel } from '@common/rewrite-modes';
import { createTask, lockOwnTask, queueDraft, taskFields } from '../tasks/tasks';
import { requireJudgeable } from './errors';
import type { AigcDetail, AigcParagraph, AigcRecord } from './records';

// 降AIGC (/aiaigc/jc, /aigcdown/machine; records at /aiaigc/list and /aigc/list): a rewording record
// (tasks.kind rewrite, rewrites.source aigc) made from one of the user's finished detections. The rewrite
// job rewrites only the paragraphs the detector flagged (high or medium), in the engine's aigc mode (model
// candidates chosen by our detector's score; offline, the attempt our detector finds least machine-like),
// then measures every paragraph again with our detector: each pair carries its AIGC probability before
// (the detection's) and after. paper_aigc_api shows these records as kind lower.

export const LOWER_MODES = ['rewrite', 'strong', 'polish'] as const;
export type LowerMode = (typeof LOWER_MODES)[number];

const round4 = (n: number | null) => (n === null ? null : Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000);
const isFlagged = (band: string) => band === 'high' || band === 'medium';

export interface Lowering {
  task: Task;
  rewrite: RewriteRow;
}

const lowering = (userId: string) => and(eq(tasks.userId, userId), eq(tasks.kind, 'rewrite'), eq(rewrites.source, 'aigc'));

/** The caller's 降AIGC record, or null (another user's, another kind's or an unknown id). */
export async function findLowering(db: Executor, userId: string, id: string): Promise<Lowering | null> {
  const [row] = await db.orm
    .select({ task: tasks, rewrite: rewrites })
    .from(tasks)
    .innerJoin(rewrites, eq(rewrites.taskId, tasks.id))
    .where(and(eq(tasks.id, id), lowering(userId)));
  return row ?? null;
}

export async function ownLowering(db: Executor, userId: string, id: string): Promise<Lowering> {
  const row = await findLowering(db, userId, id);
  if (!row) throw notFound();
  return row;
}

interface LowerCounts {
  total: number;
  rewritten: number;
  flagged: number;
}

export async function lowerCounts(db: Executor, ids: string[]): Promise<Map<string, LowerCounts>> {
  const counts = new Map<string, LowerCounts>();
  if (ids.length === 0) return counts;
  const rows = await db.orm
    .select({
      taskId: rewriteParagraphs.taskId,
      total: sql<number>`count(*)::int`,
      rewritten: sql<number>`count(*) filter (where ${rewriteParagraphs.rewritten} <> '')::int`,
      flagged: sql<number>`count(*) filter (where ${rewriteParagraphs.aigcBefore} >= ${AIGC_THRESHOLD})::int`,
    })
    .from(rewriteParagraphs)
    .where(inArray(rewriteParagraphs.taskId, ids))
    .groupBy(rewriteParagraphs.taskId);
  for (const row of rows) counts.set(row.taskId, row);
  return counts;
}

/** A 降AIGC record as paper_aigc_api shows it (kind lower): the AI share before and after, by our detector. */
export function lowerView(task: Task, rewrite: Omit<RewriteRow, 'text'>, counts: LowerCounts = { total: 0, rewritten: 0, flagged: 0 }): AigcRecord {
  const done = task.status === 'done';
  const after = done ? round4(rewrite.aigcAfter) : null;
  const redetect = typeof task.payload.redetectId === 'string' ? task.payload.redetectId : null;
  return {
    ...taskFields(task),
    kind: 'lower',
    author: '',
    sourceType: rewrite.sourceType,
    fileName: rewrite.fileName,
    method: done ? 'offline-model' : null,
    aiCharRatio: after,
    band: after === null ? null : bandOf(after),
    score: null,
    aiCharCount: null,
    detector: null,
    paragraphTotal: counts.total,
    paragraphFlagged: counts.flagged,
    paragraphRewritten: counts.rewritten,
    sourceId: rewrite.sourceAigcId,
    mode: (LOWER_MODES as readonly string[]).includes(rewrite.mode) ? (rewrite.mode as LowerMode) : 'rewrite',
    aiCharRatioBefore: round4(rewrite.aigcBefore),
    aiCharRatioAfter: after,
    recheckId: redetect,
  };
}

export async function loadLowering(db: Executor, userId: string, id: string): Promise<AigcRecord> {
  const { task, rewrite } = await ownLowering(db, userId, id);
  return lowerView(task, rewrite, (await lowerCounts(db, [id])).get(id));
}

/** A pair of a 降AIGC record as an AIGC paragraph: the rewrite (or the kept original) with its probability after and before. */
export function loweredParagraphView(pair: RewriteParagraphRow): AigcParagraph {
  const text = pair.rewritten || pair.original;
  const after = pair.aigcAfter ?? pair.aigcBefore ?? 0;
  const charCount = countChars(text);
  return {
    id: pair.id,
    index: pair.index,
    section: null,
    text,
    charCount,
    aiCharCount: after >= AIGC_THRESHOLD ? charCount : 0,
    aiProbability: round4(after) ?? 0,
    band: bandOf(after),
    tooShort: false,
    sentences: [],
    original: pair.original,
    aiProbabilityBefore: round4(pair.aigcBefore),
  };
}

/** load_by_id of a 降AIGC record: the record and each paragraph's probability after (the heat bar). */
export async function loadLoweringDetail(db: Executor, userId: string, id: string): Promise<AigcDetail> {
  const { task, rewrite } = await ownLowering(db, userId, id);
  const pairs = task.status === 'done' ? await pairsOf(db, id) : [];
  const counts = {
    total: pairs.length,
    rewritten: pairs.filter((p) => p.rewritten !== '').length,
    flagged: pairs.filter((p) => (p.aigcBefore ?? 0) >= AIGC_THRESHOLD).length,
  };
  return {
    ...lowerView(task, rewrite, counts),
    paragraphScores: pairs.map((p) => {
      const view = loweredParagraphView(p);
      return { index: view.index, charCount: view.charCount, aiProbability: view.aiProbability, band: view.band, tooShort: false };
    }),
  };
}

const pairsOf = (db: Executor, id: string) =>
  db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, id)).orderBy(asc(rewriteParagraphs.index));

/** A paragraph of one of the caller's 降AIGC records, or null. */
export async function findLoweredParagraph(db: Executor, userId: string, pairId: string) {
  const [row] = await db.orm
    .select({ pair: rewriteParagraphs, task: tasks })
    .from(rewriteParagraphs)
    .innerJoin(tasks, eq(tasks.id, rewriteParagraphs.taskId))
    .innerJoin(rewrites, eq(rewrites.taskId, tasks.id))
    .where(and(eq(rewriteParagraphs.id, pairId), lowering(userId)));
  return row ?? null;
}

/** reload of a 降AIGC paragraph: rewritten again through the rewrite job (no charge; a free reload); poll load_content_by_id. */
export async function reloadLoweredParagraph(deps: Deps & { llm: LlmGateway }, who: Requester, pairId: string): Promise<AigcParagraph> {
  const { userId } = who;
  await reloadParagraph(deps, who, pairId);
  const row = await findLoweredParagraph(deps.db, userId, pairId);
  if (!row) throw notFound();
  return loweredParagraphView(row.pair);
}

/**
 * The detection a 降AIGC record starts from: the caller's, finished, with at least one flagged paragraph.
 * Returns the characters of the flagged paragraphs (what is charged).
 */
async function flaggedDetection(db: Executor, userId: string, detectionId: string) {
  const [row] = await db.orm
    .select({ task: tasks, detection: aigcDetections })
    .from(tasks)
    .innerJoin(aigcDetections, eq(aigcDetections.taskId, tasks.id))
    .where(and(eq(tasks.id, detectionId), eq(tasks.userId, userId), eq(tasks.kind, 'aigc')));
  if (!row) throw notFound();
  if (row.task.status !== 'done' || !row.detection.summary) throw conflict('TASK_NOT_FINISHED', '检测尚未完成，完成后才能按检测结果降AIGC');
  const paragraphs = await db.orm
    .select({ band: aigcParagraphs.band, charCount: aigcParagraphs.charCount })
    .from(aigcParagraphs)
    .where(eq(aigcParagraphs.taskId, detectionId));
  const flaggedChars = paragraphs.filter((p) => isFlagged(p.band)).reduce((sum, p) => sum + p.charCount, 0);
  if (flaggedChars === 0) throw conflict('NOTHING_FLAGGED', '该检测没有标出疑似 AI 生成的段落（中度或高度疑似），无需降AIGC');
  const summary = row.detection.summary as unknown as { aiCharRatio: number };
  return { ...row, flaggedChars, aiCharRatio: summary.aiCharRatio };
}

const loweredAlready = () => conflict('TASK_ALREADY_SUBMITTED', '该检测结果已提交降AIGC，请在降AI记录中查看');

async function loweringOf(db: Executor, detectionId: string) {
  const [earlier] = await db.orm
    .select({ id: rewrites.taskId })
    .from(rewrites)
    .where(and(eq(rewrites.sourceAigcId, detectionId), eq(rewrites.source, 'aigc')))
    .limit(1);
  return earlier;
}

/**
 * aigc_machine_submit's (and check_aigc_machine_submit's) charge: the flagged paragraphs' characters at the
 * 降AIGC price of the engine that will run (the model's, or the offline engine's lower one).
 */
export async function loweringPlan(deps: Deps, userId: string, detectionId: string, mode: string) {
  if (!(LOWER_MODES as readonly string[]).includes(mode)) throw badRequest('降AIGC的改写方式只能是 rewrite（降重）、strong（强力降重）或 polish（润色改写）');
  const lowerMode = mode as LowerMode & RewriteRecordMode;
  const source = await flaggedDetection(deps.db, userId, detectionId);
  if (await loweringOf(deps.db, detectionId)) throw loweredAlready();
  const { priceFen, rate, engine } = await rewritePrice(deps, source.flaggedChars, lowerMode, { source: 'aigc' });
  const plan = chargePlan({ priceFen, rate, engine, charCount: source.flaggedChars, note: `${modeLabel({ mode: lowerMode, source: 'aigc' })}：${source.task.title}` });
  return { plan, source, lowerMode };
}

/**
 * aigc_machine_submit and check_aigc_machine_submit: a 降AIGC record from one of the caller's finished
 * detections, charged for the flagged paragraphs' characters and queued, in one transaction. A refusal (not
 * finished, nothing flagged, already lowered, insufficient balance) creates and charges nothing.
 */
export async function submitLowering(deps: Deps, userId: string, detectionId: string, mode: string): Promise<string> {
  const { plan, source, lowerMode } = await loweringPlan(deps, userId, detectionId, mode);
  return deps.db.transaction(async (tx) => {
    await lockOwnTask(tx, userId, detectionId, 'aigc');
    if (await loweringOf(tx, detectionId)) throw loweredAlready();
    const txDeps = withDb(deps, tx);
    const task = await createRewriteTask(txDeps, { userId, title: source.task.title, priceFen: plan.priceFen, charCount: source.task.charCount, offline: plan.engine === 'offline' }, {
      api: apiOfMode(lowerMode),
      mode: lowerMode,
      source: 'aigc',
      sourceType: source.detection.sourceType,
      fileName: source.detection.fileName,
      fileSha256: source.detection.fileSha256,
      text: source.detection.text,
      sourceAigcId: detectionId,
      aigcBefore: source.aiCharRatio,
    });
    await queueDraft(txDeps, task, { note: plan.note });
    return task.id;
  });
}

/** paper_aigc_api aigc_machine_submit: the new record as kind lower. */
export async function lowerDetection(deps: Deps, userId: string, detectionId: string, mode: string): Promise<AigcRecord> {
  const id = await submitLowering(deps, userId, detectionId, mode);
  return loadLowering(deps.db, userId, id);
}

/** paper_machine_api check_aigc_machine_submit: the same record as a rewording record. */
export async function rewriteFromDetection(deps: Deps, userId: string, detectionId: string, mode: string): Promise<RewriteRecord> {
  const id = await submitLowering(deps, userId, detectionId, mode);
  return loadRewrite(deps.db, userId, id);
}

const redetectExists = () => conflict('RECHECK_EXISTS', '该降AIGC结果已提交重新检测，请在检测记录中查看');

/** submit_check's charge: detection of the lowered text at the detection price. */
export async function redetectPlan(deps: Deps, userId: string, id: string) {
  const { task } = await ownLowering(deps.db, userId, id);
  if (task.status !== 'done') throw conflict('TASK_NOT_FINISHED', '降AIGC尚未完成，完成后才能重新检测');
  if (typeof task.payload.redetectId === 'string') throw redetectExists();
  const prepared = await prepareRequestText(deps.compute, { content: await rewrittenText(deps.db, id) });
  requireJudgeable(prepared.text, prepared.charCount);
  const { priceFen, rate } = await ratedPrice(deps.db, 'aigc', prepared.charCount);
  return { plan: chargePlan({ priceFen, rate, charCount: prepared.charCount, note: `降AIGC后重新检测：${task.title}` }), prepared, task };
}

/**
 * submit_check: the lowered text (accepted rewrites, originals elsewhere) detected again — a new detection
 * record charged at the detection price and queued, its id kept with the 降AIGC record, in one transaction.
 */
export async function redetectLowering(deps: Deps, userId: string, id: string) {
  const { plan, prepared, task } = await redetectPlan(deps, userId, id);
  const aigcId = await deps.db.transaction(async (tx) => {
    const locked = await lockOwnTask(tx, userId, id, 'rewrite');
    if (typeof locked.payload.redetectId === 'string') throw redetectExists();
    const txDeps = withDb(deps, tx);
    const detection = await createTask(txDeps, {
      kind: 'aigc',
      userId,
      title: `${task.title}（降AIGC后）`,
      priceFen: plan.priceFen,
      charCount: prepared.charCount,
      offline: true,
      payload: { lowerId: id },
    });
    await tx.orm.insert(aigcDetections).values({ taskId: detection.id, sourceType: 'paste', format: prepared.format, text: prepared.text });
    await queueDraft(txDeps, await lockOwnTask(tx, userId, detection.id, 'aigc'), { note: plan.note });
    await tx.orm
      .update(tasks)
      .set({ payload: { ...locked.payload, redetectId: detection.id } })
      .where(eq(tasks.id, id));
    return detection.id;
  });
  return { id, aigcId, status: 'queued' as const, priceFen: plan.priceFen };
}

/** download: the lowered paper as .docx (accepted rewrites, originals elsewhere); a detection record 409. */
export async function downloadLowered(deps: Deps, userId: string, id: string) {
  const row = await findLowering(deps.db, userId, id);
  if (!row) {
    const [detection] = await deps.db.orm
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'aigc')));
    if (detection) throw conflict('TASK_NOT_FINISHED', '检测记录没有改写后的论文，请先降AIGC');
    throw notFound();
  }
  if (row.task.status !== 'done') throw conflict('TASK_NOT_FINISHED', '降AIGC尚未完成，请稍后再试');
  return downloadRewritten(deps, userId, id);
}

/**
 * check_aigc_and_machine_submit's charge: the rewrite of the whole text (by the engine that will run it), two
 * checks and two detections of it.
 */
export async function checkAndDetectPlan(deps: Deps, userId: string, id: string, mode: string): Promise<ChargePlan> {
  if (!(LOWER_MODES as readonly string[]).includes(mode)) throw badRequest('改写方式只能是 rewrite（降重）、strong（强力降重）或 polish（润色改写）');
  const [row] = await deps.db.orm
    .select({ task: tasks, rewrite: rewrites })
    .from(tasks)
    .innerJoin(rewrites, eq(rewrites.taskId, tasks.id))
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'rewrite'), eq(rewrites.api, 'paper')));
  if (!row) throw notFound();
  if (row.task.status !== 'draft') throw conflict('TASK_ALREADY_SUBMITTED', '该论文已提交降重，请勿重复提交');
  requireJudgeable(row.rewrite.text, row.task.charCount);
  const chars = row.task.charCount;
  const rewrite = await rewritePrice(deps, chars, mode as RewriteRecordMode);
  const priceFen = rewrite.priceFen + 2 * (await priceFor(deps.db, 'check', chars)) + 2 * (await priceFor(deps.db, 'aigc', chars));
  return chargePlan({ priceFen, engine: rewrite.engine, charCount: chars, note: `查重、AIGC检测并降重：${row.task.title}` });
}

/**
 * check_aigc_and_machine_submit: one of the caller's draft rewording records (machine_init, paper API) checked
 * with 查重 and detected, the paragraphs either flagged rewritten, then checked and detected again. The
 * price (the rewrite, two checks and two detections) is charged at once and refunded once on failure.
 */
export async function submitCheckAndDetect(deps: Deps, userId: string, id: string, mode: string): Promise<RewriteRecord> {
  const plan = await checkAndDetectPlan(deps, userId, id, mode);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'rewrite');
    if (task.status !== 'draft') throw conflict('TASK_ALREADY_SUBMITTED', '该论文已提交降重，请勿重复提交');
    const [priced] = await tx.orm.update(tasks).set({ priceFen: plan.priceFen, offline: plan.engine === 'offline' }).where(eq(tasks.id, id)).returning();
    await tx.orm
      .update(rewrites)
      .set({ source: 'check-aigc', mode: mode as RewriteRecordMode })
      .where(eq(rewrites.taskId, id));
    await queueDraft(withDb(deps, tx), priced, { note: plan.note });
  });
  return loadRewrite(deps.db, userId, id);
}

import { and, eq } from 'drizzle-orm';
import type { CheckReport } from '../../engines/similarity/types';
import { EngineMissing } from '../../compute';
import { type Deps, withDb } from '../../context';
import type { Executor } from '../../db/client';
import { checks } from '../../db/schema/checks';
import { type RewriteRecordMode, type RewriteRow, rewriteParagraphs, rewrites } from '../../db/schema/rewrites';
import { type Task, tasks } from '../../db/schema/tasks';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { LlmError, type LlmGateway } from '../../engines/llm';
import { countChars } from '@common/char-count';
import { type ChargePlan, chargePlan } from '../billing/plan';
import { rateOf, ratedPrice } from '../billing/prices';
import { type Requester, takeFreeUse, withFreeUse } from '../free-uses';
import { modelFailure } from '../llm/errors';
import { MODE_LABELS } from '@common/rewrite-modes';
import { prepareRequestText } from '../check/paper-input';
import { createTask, lockOwnTask, queueDraft } from '../tasks/tasks';
import { cleanTerms, createRewriteTask, rewritePrice } from './drafts';
import { rewriteEngineFor, rewritePriceService } from './engine-choice';
import { apiOfMode, loadOwnRow, loadRewrite, notFinished, ownPair, type ParagraphPair, pairView, type RewriteApi, type RewriteRecord } from './records';
import { rewrittenText } from './run';

const alreadySubmitted = () => conflict('TASK_ALREADY_SUBMITTED', '该论文已提交降重，请勿重复提交');

/** What submitting a draft rewording charges: the price it was priced at, by the engine that will run it. */
async function submitPlan(deps: Deps, task: Task, rewrite: RewriteRow, modes: readonly string[]): Promise<ChargePlan> {
  if (!modes.includes(rewrite.mode)) throw badRequest(`该记录是${MODE_LABELS[rewrite.mode]}记录，请在对应页面提交`);
  if (task.status !== 'draft') throw alreadySubmitted();
  const engine = rewriteEngineFor(deps.config, rewrite.mode);
  const withCheck = rewrite.mode === 'cnki' && !rewrite.sourceCheckId;
  return chargePlan({
    priceFen: task.priceFen,
    note: `${MODE_LABELS[rewrite.mode]}：${task.title}`,
    charCount: task.charCount,
    rate: withCheck ? null : await rateOf(deps.db, rewritePriceService(engine), task.charCount, task.priceFen),
    engine,
  });
}

/** machine_submit / machine_cnki_submit's charge (charge_quote). */
export async function rewriteSubmitPlan(deps: Deps, userId: string, id: string, api: RewriteApi, modes: readonly string[]): Promise<ChargePlan> {
  const { task, rewrite } = await loadOwnRow(deps.db, userId, id, api);
  return submitPlan(deps, task, rewrite, modes);
}

/**
 * machine_submit / machine_cnki_submit: charges the price and queues the draft in one transaction; a
 * refusal (already submitted, insufficient balance, another API's record) charges nothing.
 */
export async function submitRewrite(
  deps: Deps,
  userId: string,
  id: string,
  api: RewriteApi,
  modes: readonly string[],
): Promise<RewriteRecord> {
  const { rewrite } = await loadOwnRow(deps.db, userId, id, api);
  await deps.db.transaction(async (tx) => {
    const task = await lockOwnTask(tx, userId, id, 'rewrite');
    const plan = await submitPlan(withDb(deps, tx), task, rewrite, modes);
    await queueDraft(withDb(deps, tx), task, { note: plan.note });
  });
  return loadRewrite(deps.db, userId, id);
}

/**
 * reload: the paragraph goes back to queued and a job rewrites it again (no charge); the caller polls
 * load_content_by_id. A record or paragraph still being processed is refused. When the model will rewrite it,
 * it is one of the account's free reloads a day (429 FREE_USES_EXHAUSTED beyond them, nothing queued).
 */
export async function reloadParagraph(deps: Deps & { llm: LlmGateway }, who: Requester, pairId: string): Promise<ParagraphPair> {
  const { userId } = who;
  const { pair, task, rewrite } = await ownPair(deps.db, userId, pairId);
  if (task.status !== 'done' || pair.status === 'queued' || pair.status === 'running') throw notFinished();
  const usesModel = rewrite.mode !== 'smart' && deps.llm.configured('rewrite');
  const updated = await deps.db.transaction(async (tx) => {
    if (usesModel) await takeFreeUse(withDb(deps, tx), who, 'reload');
    const [queued] = await tx.orm
      .update(rewriteParagraphs)
      .set({ status: 'queued', updatedAt: deps.now() })
      .where(eq(rewriteParagraphs.id, pairId))
      .returning();
    const job = await createTask(withDb(deps, tx), {
      kind: 'rewrite',
      userId,
      title: `重新改写第 ${pair.index + 1} 段：${task.title}`,
      priceFen: 0,
      charCount: 0,
      payload: { reloadPairId: pairId },
    });
    const now = deps.now();
    await tx.orm.update(tasks).set({ status: 'queued', queuedAt: now, updatedAt: now }).where(eq(tasks.id, job.id));
    return queued;
  });
  return pairView(updated);
}

export interface ReductionInput {
  content: string;
  mode: 'rewrite' | 'strong' | 'polish';
  protectedTerms?: string[];
}

/**
 * reduction: a short passage rewritten at once; nothing stored, nothing charged. With a model it is one of the
 * account's free reductions a day (429 FREE_USES_EXHAUSTED beyond them; given back when the model fails);
 * without one, the offline engine rewrites it, uncounted.
 */
export async function reduce(deps: Deps & { llm: LlmGateway }, who: Requester, input: ReductionInput) {
  const content = input.content.trim();
  if (!content) throw badRequest('请输入需要改写的文字');
  const charCount = countChars(content);
  if ([...content].length > 2000) throw badRequest('即时改写不超过 2000 字，更长的文字请上传论文降重');
  const protectedTerms = cleanTerms(input.protectedTerms);
  const gateway = deps.llm.forAccount(who.userId);
  const rewrite = async () => {
    try {
      return await deps.compute.rewriteParagraph(content, { mode: input.mode, seed: 1, protectedTerms, gateway });
    } catch (error) {
      if (error instanceof EngineMissing) throw conflict('ENGINE_UNAVAILABLE', '改写引擎暂不可用，请稍后再试');
      if (error instanceof LlmError) throw modelFailure(error);
      throw error;
    }
  };
  const p = gateway.configured('rewrite') ? await withFreeUse(deps, who, 'reduction', rewrite) : await rewrite();
  const rewritten = p.rewritten || content;
  return {
    original: content,
    rewritten,
    mode: input.mode,
    offline: p.offline,
    charCount,
    rewrittenCharCount: countChars(rewritten),
    aigcBefore: null,
    aigcAfter: null,
  };
}

const recheckExists = () => conflict('RECHECK_EXISTS', '该降重结果已提交查重，请在查重记录中查看');

/** submit_check's charge: 查重 of the rewritten text at the check price. */
export async function recheckPlan(deps: Deps, userId: string, id: string) {
  const { task, rewrite } = await loadOwnRow(deps.db, userId, id);
  if (task.status !== 'done') throw notFinished();
  if (rewrite.recheckId) throw recheckExists();
  const prepared = await prepareRequestText(deps.compute, { content: await rewrittenText(deps.db, id) });
  const { priceFen, rate } = await ratedPrice(deps.db, 'check', prepared.charCount);
  return { plan: chargePlan({ priceFen, rate, charCount: prepared.charCount, note: `降重后查重：${task.title}` }), prepared, task };
}

/**
 * submit_check: the rewritten text (accepted rewrites, originals elsewhere) checked with 查重 — a new
 * check record, charged at the check price and queued, all in one transaction.
 */
export async function recheckRewrite(deps: Deps, userId: string, id: string) {
  const { plan, prepared, task } = await recheckPlan(deps, userId, id);
  const checkId = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.orm.select().from(rewrites).where(eq(rewrites.taskId, id)).for('update');
    if (locked?.recheckId) throw recheckExists();
    const txDeps = withDb(deps, tx);
    const check = await createTask(txDeps, {
      kind: 'check',
      userId,
      title: `${task.title}（降重后）`,
      priceFen: plan.priceFen,
      charCount: prepared.charCount,
      offline: true,
    });
    await tx.orm.insert(checks).values({ taskId: check.id, sourceType: 'paste', format: prepared.format, text: prepared.text });
    await queueDraft(txDeps, await lockOwnTask(tx, userId, check.id, 'check'), { note: plan.note });
    await tx.orm.update(rewrites).set({ recheckId: check.id }).where(eq(rewrites.taskId, id));
    return check.id;
  });
  return { id, checkId, status: 'queued' as const, priceFen: plan.priceFen };
}

/** The caller's finished check and what its report flagged (check_machine_submit rewords those paragraphs). */
async function flaggedCheck(deps: Deps, userId: string, checkId: string, fromCheckJob: boolean) {
  const [source] = await deps.db.orm
    .select({ task: tasks, text: checks.text, report: checks.report, format: checks.format, fileSha256: checks.fileSha256 })
    .from(tasks)
    .innerJoin(checks, eq(checks.taskId, tasks.id))
    .where(and(eq(tasks.id, checkId), eq(tasks.userId, userId), eq(tasks.kind, 'check')));
  if (!source) throw notFound();
  if ((!fromCheckJob && source.task.status !== 'done') || !source.report) throw conflict('TASK_NOT_FINISHED', '查重尚未完成，完成后才能按报告降重');
  const paragraphs = (source.report as unknown as CheckReport).paragraphs ?? [];
  const flaggedChars = paragraphs.filter((p) => p.ratio > 0).reduce((sum, p) => sum + p.charCount, 0);
  return { ...source, flaggedChars };
}

const fromCheckExists = () => conflict('TASK_ALREADY_SUBMITTED', '该查重报告已提交降重，请在降重记录中查看');

async function rewordingOf(db: Executor, checkId: string) {
  const [earlier] = await db.orm
    .select({ id: rewrites.taskId })
    .from(rewrites)
    .where(and(eq(rewrites.sourceCheckId, checkId), eq(rewrites.source, 'check')))
    .limit(1);
  return earlier;
}

/** check_machine_submit's charge: the flagged paragraphs' characters at the rewording price of this mode. */
export async function fromCheckPlan(deps: Deps, userId: string, checkId: string, mode: RewriteRecordMode, fromCheckJob = false) {
  const source = await flaggedCheck(deps, userId, checkId, fromCheckJob);
  if (await rewordingOf(deps.db, checkId)) throw fromCheckExists();
  const { priceFen, rate, engine } = await rewritePrice(deps, source.flaggedChars, mode);
  return { plan: chargePlan({ priceFen, rate, engine, charCount: source.flaggedChars, note: `${MODE_LABELS[mode]}（按查重报告）：${source.task.title}` }), source };
}

/**
 * check_machine_submit (paper_machine_api): a new rewrite of one of the caller's finished checks that
 * rewords only the paragraphs its report flagged, charged by their characters and queued at once.
 */
export async function submitFromCheck(
  deps: Deps,
  userId: string,
  checkId: string,
  mode: RewriteRecordMode,
  options: { fromCheckJob?: boolean } = {},
): Promise<RewriteRecord> {
  const { plan, source } = await fromCheckPlan(deps, userId, checkId, mode, options.fromCheckJob);
  const id = await deps.db.transaction(async (tx) => {
    if (await rewordingOf(tx, checkId)) throw fromCheckExists();
    const txDeps = withDb(deps, tx);
    const task = await createRewriteTask(txDeps, { userId, title: source.task.title, priceFen: plan.priceFen, charCount: source.task.charCount, offline: plan.engine === 'offline' }, {
      api: apiOfMode(mode),
      mode,
      source: 'check',
      sourceType: 'paste',
      // The check's .docx: the rewrite is downloaded as that file rewritten in place.
      fileSha256: source.format === 'docx' ? source.fileSha256 : null,
      text: source.text,
      sourceCheckId: checkId,
    });
    await queueDraft(txDeps, task, { note: plan.note });
    if (options.fromCheckJob) await tx.orm.update(checks).set({ rewriteTaskId: task.id }).where(eq(checks.taskId, checkId));
    return task.id;
  });
  return loadRewrite(deps.db, userId, id);
}

/**
 * The rewrite step of check_api check_machine_submit, run by the check job once the report is stored:
 * the flagged paragraphs are queued for rewording in the chosen mode, charged from the balance. Without
 * enough balance nothing is created and the check shows rewriteStatus unavailable.
 */
export async function rewriteAfterCheck(deps: Deps, checkId: string): Promise<string | null> {
  const [row] = await deps.db.orm
    .select({ userId: tasks.userId, mode: checks.rewriteMode, rewriteTaskId: checks.rewriteTaskId })
    .from(checks)
    .innerJoin(tasks, eq(tasks.id, checks.taskId))
    .where(eq(checks.taskId, checkId));
  if (!row?.mode || row.rewriteTaskId) return row?.rewriteTaskId ?? null;
  try {
    return (await submitFromCheck(deps, row.userId, checkId, row.mode, { fromCheckJob: true })).id;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return null;
    throw error;
  }
}

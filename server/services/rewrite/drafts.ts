import type { Deps } from '../../context';
import { withDb } from '../../context';
import { type RewriteRecordMode, rewrites } from '../../db/schema/rewrites';
import type { Task } from '../../db/schema/tasks';
import { badRequest } from '../../errors';
import { priceFor, ratedPrice } from '../billing/prices';
import { finishedCheckText } from '../check/finished-text';
import { storeOriginal } from '../check/file-store';
import { paperSource, prepareRequestText, type UploadedDocument } from '../check/paper-input';
import { createTask, type NewTask } from '../tasks/tasks';
import { rewriteEngineFor, rewritePriceService } from './engine-choice';
import { apiOfMode, loadRewrite, type RewriteRecord } from './records';

export interface RewriteInput {
  file?: UploadedDocument;
  content?: string;
  title: string;
  mode: RewriteRecordMode;
  protectedTerms?: string[] | string;
  checkId?: string;
}

/** A rewording record: its task (kind rewrite) and its row, written in the caller's transaction. */
export async function createRewriteTask(
  txDeps: Deps,
  task: Omit<NewTask, 'kind'>,
  rewrite: Omit<typeof rewrites.$inferInsert, 'taskId'>,
): Promise<Task> {
  const created = await createTask(txDeps, { kind: 'rewrite', ...task });
  await txDeps.db.orm.insert(rewrites).values({ taskId: created.id, ...rewrite });
  return created;
}

/** The terms the user wants kept, trimmed and de-duplicated; a bad list is a 400 in Chinese. */
export function cleanTerms(input: string[] | string | undefined): string[] {
  const raw = [input ?? []].flat().flatMap((item) => item.split(/[,，、;；\n]/));
  const terms = [...new Set(raw.map((t) => t.trim()).filter(Boolean))];
  if (terms.length > 50) throw badRequest('需保护的术语最多 50 个');
  if (terms.some((t) => [...t].length > 50)) throw badRequest('每个需保护的术语不超过 50 字');
  return terms;
}

/** What a rewrite of `chars` characters costs in this mode on this instance, and who will do it. */
export async function rewritePrice(deps: Deps, chars: number, mode: RewriteRecordMode, options: { withCheck?: boolean; source?: 'aigc' | 'other' } = {}) {
  const engine = rewriteEngineFor(deps.config, mode);
  const rewrite = await ratedPrice(deps.db, rewritePriceService(engine, options.source), chars);
  if (!options.withCheck) return { ...rewrite, engine };
  return { priceFen: rewrite.priceFen + (await priceFor(deps.db, 'check', chars)), rate: null, engine };
}

/** word_count: counted characters (the checkers' rule) and the price in this mode (学术库降重 checks first unless given a check). */
export async function rewriteWordCount(deps: Deps, content: string, mode: RewriteRecordMode): Promise<{ charCount: number; priceFen: number }> {
  const { charCount } = await prepareRequestText(deps.compute, { content });
  return { charCount, priceFen: (await rewritePrice(deps, charCount, mode, { withCheck: mode === 'cnki' })).priceFen };
}

/**
 * machine_init / machine_cnki_init: the text of an upload (or the pasted text) kept with an unpaid
 * draft, and an uploaded .docx kept to be rewritten in place. 学术库降重 from a finished check needs
 * neither: it takes the check's own text, as its report marked it, so the student pays no second 查重 and
 * pastes nothing again. Everything refused is refused before a row or a file is written.
 */
export async function initRewrite(deps: Deps, userId: string, input: RewriteInput): Promise<RewriteRecord> {
  const title = input.title.trim();
  if (!title) throw badRequest('请填写论文题目');
  const checkText = input.checkId ? await finishedCheckText(deps, userId, input.checkId) : undefined;
  const { file, source } = paperSource(input, checkText);
  const protectedTerms = cleanTerms(input.protectedTerms);

  const extracted = await prepareRequestText(deps.compute, source);
  const { priceFen, engine } = await rewritePrice(deps, extracted.charCount, input.mode, { withCheck: input.mode === 'cnki' && !input.checkId });
  const fileSha256 = file && extracted.format === 'docx' ? await storeOriginal(deps.config.DATA_DIR, file.data, extracted.sha256) : null;
  const id = await deps.db.transaction(async (tx) => {
    const task = await createRewriteTask(withDb(deps, tx), { userId, title, priceFen, charCount: extracted.charCount, offline: engine === 'offline' }, {
      api: apiOfMode(input.mode),
      mode: input.mode,
      source: 'upload',
      sourceType: file ? 'upload' : 'paste',
      fileName: file ? file.filename.slice(0, 255) : null,
      fileSha256,
      text: extracted.text,
      protectedTerms,
      seed: 1,
      sourceCheckId: input.checkId ?? null,
    });
    return task.id;
  });
  return loadRewrite(deps.db, userId, id);
}

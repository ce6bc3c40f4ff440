import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { rewriteParagraphs } from '../../db/schema/rewrites';
import { conflict } from '../../errors';
import { loadOwnRow, notFinished } from '../rewrite/records';
import { ownFinishedCheck, sessionOf } from './session';
import { readRow, stateOf } from './state';
import { saveEdits } from './edit';

/**
 * workbench_from_rewrite: an automatic rewrite of a check's flagged paragraphs continued by hand. Its accepted
 * rewrites go into that check's workbench as versions (one per paragraph, undoable), except where the student
 * has already edited the paragraph; doing it again changes nothing.
 */
export async function continueRewrite(deps: Deps, userId: string, rewriteId: string) {
  const { task, rewrite } = await loadOwnRow(deps.db, userId, rewriteId);
  if (!rewrite.sourceCheckId || (rewrite.source !== 'check' && rewrite.source !== 'check-aigc')) {
    throw conflict('NOT_FROM_CHECK', '这条降重记录不是由查重报告发起的，无法在改写工作台中继续修改');
  }
  if (task.status !== 'done') throw notFinished();
  const check = await ownFinishedCheck(deps.db, userId, rewrite.sourceCheckId);
  const session = await sessionOf(deps.db, check);
  const state = await stateOf(deps.db, check.id, await readRow(deps.db, check.id));
  if (state.rewriteId === rewriteId) return { checkId: check.id, revision: state.head };
  const pairs = await deps.db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, rewriteId)).orderBy(asc(rewriteParagraphs.index));
  const rewritten = new Map(pairs.filter((p) => p.accepted && p.status === 'done' && p.rewritten.trim() && p.rewritten !== p.original).map((p) => [p.original.trim(), p.rewritten.trim()]));
  const edits = session.report.paragraphs.flatMap((p) => {
    const text = rewritten.get(p.text);
    return text && !state.texts.has(p.index) && !/[\r\n]/.test(text) ? [{ index: p.index, text, kind: 'rewrite' as const }] : [];
  });
  const saved = await saveEdits(deps, session, edits, { rewriteId });
  return { checkId: check.id, revision: saved.state.head };
}

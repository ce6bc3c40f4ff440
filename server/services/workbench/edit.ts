import { and, eq, gt, sql } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Executor } from '../../db/client';
import { workbenchEdits, workbenches, type WorkbenchEditKind } from '../../db/schema/workbench';
import { recheckAround, type RecheckedParagraph } from '../../engines/similarity/recheck';
import { badRequest, conflict } from '../../errors';
import { scoreParagraphAigc } from '../../engines/aigc/paragraph';
import { type CheckSession, ownFinishedCheck, sessionOf } from './session';
import { applyEdit, currentLines, estimateOf, paragraphView, remember, stateOf, type WorkbenchRow, type WorkbenchState } from './state';
import { loadWorkbench, type WorkbenchDeps } from './view';

/** Typing into the same paragraph within this long of the last save is one version (one undo step). */
export const COALESCE_MS = 5000;
/** Longest paragraph an edit may leave (code points); the text engine keeps paragraphs up to 5 000 whole. */
export const MAX_EDIT_CODE_POINTS = 6000;

export interface EditInput {
  id: string;
  index: number;
  text: string;
  kind?: WorkbenchEditKind;
  baseRevision?: number;
  withAigc?: boolean;
}

/** The paragraph an edit names, or a refusal the student can read. */
export function editableParagraph(session: CheckSession, index: number): number {
  const paragraph = session.report.paragraphs[index];
  if (!paragraph) throw badRequest(`第 ${index + 1} 段不存在`);
  return index;
}

export function cleanEditText(text: string): string {
  // Every line break the text engine splits paragraphs at (split.ts), vertical tab and form feed included.
  if (/[\r\n\u2028\u2029\u0085]/.test(text) || text.includes('\v') || text.includes('\f')) throw badRequest('段落中不能换行；要分段请在导出的 Word 文件中操作');
  const trimmed = text.trim();
  if ([...trimmed].length > MAX_EDIT_CODE_POINTS) throw badRequest(`一段不能超过 ${MAX_EDIT_CODE_POINTS} 字`);
  return trimmed;
}

/** The edited paragraph and those beside it re-checked against the check's sources, keyed by paragraph index. */
export function recheckEdit(session: CheckSession, state: WorkbenchState, index: number, text: string): Record<string, RecheckedParagraph> {
  const lines = currentLines(session, state);
  const line = session.lineOf[index];
  lines[line] = { ...lines[line], text };
  const paragraphOfLine = new Map(session.lineOf.map((l, i) => [l, i]));
  const out: Record<string, RecheckedParagraph> = {};
  for (const [at, figures] of recheckAround(lines, line, session.sources, { excludedSections: session.excluded })) {
    const paragraph = paragraphOfLine.get(at);
    if (paragraph !== undefined) out[paragraph] = figures;
  }
  return out;
}

async function lockRow(tx: Executor, checkId: string, now: Date): Promise<WorkbenchRow> {
  await tx.orm.insert(workbenches).values({ checkId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.orm
    .select({ head: workbenches.head, length: workbenches.length, updatedAt: workbenches.updatedAt, rewriteId: workbenches.rewriteId })
    .from(workbenches)
    .where(eq(workbenches.checkId, checkId))
    .for('update');
  return row;
}

const cloneState = (state: WorkbenchState): WorkbenchState => ({ ...state, texts: new Map(state.texts), rechecked: new Map(state.rechecked) });

/** Saves new versions of one check's paragraphs under its row's lock; returns the row and state after them. */
export async function saveEdits(
  deps: Deps,
  session: CheckSession,
  edits: Array<{ index: number; text: string; kind: WorkbenchEditKind; baseRevision?: number }>,
  extra: { rewriteId?: string } = {},
): Promise<{ row: WorkbenchRow; state: WorkbenchState; rechecked: Record<string, RecheckedParagraph> }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    let row = await lockRow(tx, session.checkId, now);
    const state = cloneState(await stateOf(tx, session.checkId, row));
    let last: Record<string, RecheckedParagraph> = {};
    for (const edit of edits) {
      last = recheckEdit(session, state, edit.index, edit.text);
      const [top] = row.head
        ? await tx.orm.select().from(workbenchEdits).where(and(eq(workbenchEdits.checkId, session.checkId), eq(workbenchEdits.seq, row.head)))
        : [];
      const coalesce =
        top &&
        row.head === row.length &&
        edit.kind === 'typing' &&
        top.kind === 'typing' &&
        top.paragraph === edit.index &&
        edit.baseRevision === row.head &&
        now.getTime() - top.updatedAt.getTime() <= COALESCE_MS;
      if (coalesce) {
        await tx.orm
          .update(workbenchEdits)
          .set({ text: edit.text, rechecked: { ...top.rechecked, ...last }, updatedAt: now })
          .where(eq(workbenchEdits.id, top.id));
        row = { ...row, updatedAt: now };
      } else {
        await tx.orm.delete(workbenchEdits).where(and(eq(workbenchEdits.checkId, session.checkId), gt(workbenchEdits.seq, row.head)));
        await tx.orm.insert(workbenchEdits).values({
          checkId: session.checkId,
          seq: row.head + 1,
          paragraph: edit.index,
          kind: edit.kind,
          text: edit.text,
          rechecked: last,
          createdAt: now,
          updatedAt: now,
        });
        row = { ...row, head: row.head + 1, length: row.head + 1, updatedAt: now };
      }
      applyEdit(state, edit.index, edit.text, last);
    }
    row = { ...row, rewriteId: extra.rewriteId ?? row.rewriteId };
    await tx.orm
      .update(workbenches)
      .set({ head: row.head, length: row.length, updatedAt: row.updatedAt, rewriteId: row.rewriteId })
      .where(eq(workbenches.checkId, session.checkId));
    Object.assign(state, { head: row.head, length: row.length, updatedAt: row.updatedAt, rewriteId: row.rewriteId });
    remember(session.checkId, row, state);
    return { row, state, rechecked: last };
  });
}

/** workbench_recheck: one paragraph's new text saved as a version and re-checked with the paragraphs beside it. */
export async function editParagraph(deps: Deps, userId: string, input: EditInput) {
  const text = cleanEditText(input.text);
  const check = await ownFinishedCheck(deps.db, userId, input.id);
  const session = await sessionOf(deps.db, check);
  const index = editableParagraph(session, input.index);
  const { state, rechecked } = await saveEdits(deps, session, [{ index, text, kind: input.kind ?? 'typing', baseRevision: input.baseRevision }]);
  return {
    revision: state.head,
    historyLength: state.length,
    updatedAt: (state.updatedAt ?? deps.now()).toISOString(),
    paragraphs: Object.entries(rechecked).map(([i, figures]) => paragraphView(session, Number(i), figures)),
    estimate: estimateOf(session, state),
    aigc: input.withAigc ? [{ index, ...scoreParagraphAigc(text) }] : [],
  };
}

/** workbench_undo / workbench_redo: the history's pointer moves one step; the edits themselves stay. */
export async function stepHistory(deps: WorkbenchDeps, userId: string, id: string, direction: 'undo' | 'redo') {
  const check = await ownFinishedCheck(deps.db, userId, id);
  await deps.db.transaction(async (tx) => {
    const row = await lockRow(tx, id, deps.now());
    if (direction === 'undo' && row.head === 0) throw conflict('NOTHING_TO_UNDO', '没有可以撤销的修改');
    if (direction === 'redo' && row.head >= row.length) throw conflict('NOTHING_TO_REDO', '没有可以重做的修改');
    await tx.orm
      .update(workbenches)
      .set({ head: sql`${workbenches.head} + ${direction === 'undo' ? -1 : 1}`, updatedAt: deps.now() })
      .where(eq(workbenches.checkId, id));
  });
  return loadWorkbench(deps, userId, check);
}


import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { checks } from '../../db/schema/checks';
import { tasks } from '../../db/schema/tasks';
import type { LlmGateway } from '../../engines/llm';
import type { ReportFigures } from '../../engines/similarity/types';
import { type OwnCheck, ownFinishedCheck, sessionOf } from './session';
import { estimateOf, paragraphView, readRow, stateOf } from './state';

export type WorkbenchDeps = Deps & { llm: Pick<LlmGateway, 'configured'> };

const MAX_RECHECKS = 100;

/** The checks this workbench submitted, newest first, with the estimate each was submitted with. */
async function rechecksOf(deps: Deps, checkId: string) {
  const rows = await deps.db.orm
    .select({ id: tasks.id, status: tasks.status, figures: checks.figures, createdAt: tasks.createdAt, payload: tasks.payload })
    .from(checks)
    .innerJoin(tasks, eq(tasks.id, checks.taskId))
    .where(eq(checks.editedFromId, checkId))
    .orderBy(desc(tasks.createdAt))
    .limit(MAX_RECHECKS);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    totalRatio: r.status === 'done' ? ((r.figures as ReportFigures | null)?.totalRatio ?? null) : null,
    estimatedRatio: Number(r.payload.estimatedRatio ?? 0),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** workbench_load (and the answer of undo and redo): the version in effect. */
export async function loadWorkbench(deps: WorkbenchDeps, userId: string, checkOrId: OwnCheck | string) {
  const check = typeof checkOrId === 'string' ? await ownFinishedCheck(deps.db, userId, checkOrId) : checkOrId;
  const session = await sessionOf(deps.db, check);
  const state = await stateOf(deps.db, check.id, await readRow(deps.db, check.id));
  return {
    checkId: check.id,
    title: check.title,
    revision: state.head,
    historyLength: state.length,
    updatedAt: state.updatedAt?.toISOString() ?? null,
    paragraphs: [...state.rechecked].sort((a, b) => a[0] - b[0]).map(([index, figures]) => paragraphView(session, index, figures)),
    estimate: estimateOf(session, state),
    docxInPlace: check.sourceType === 'upload' && check.format === 'docx' && check.fileSha256 !== null,
    modelAvailable: deps.llm.configured('rewrite'),
    rechecks: await rechecksOf(deps, check.id),
    rewriteId: state.rewriteId,
  };
}

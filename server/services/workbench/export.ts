import { eq } from 'drizzle-orm';
import type { AppContext, Deps } from '../../context';
import { withDb } from '../../context';
import { checks } from '../../db/schema/checks';
import { fromCodePoints, toCodePoints } from '../../engines/text/code-points';
import { analyzeText } from '../../engines/text/document';
import { splitParagraphs } from '../../engines/text/split';
import { conflict } from '../../errors';
import { chargePlan, quoteOf } from '../billing/plan';
import { ratedPrice } from '../billing/prices';
import { prepareRequestText } from '../check/paper-input';
import { readOriginal } from '../check/file-store';
import { safeFileName } from '../rewrite/docx';
import { createTask, lockOwnTask, queueDraft } from '../tasks/tasks';
import { ownFinishedCheck, sessionOf } from './session';
import { estimateOf, readRow, stateOf, type WorkbenchState } from './state';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type ExportDeps = Pick<AppContext, 'db' | 'config' | 'now' | 'compute'>;

/**
 * The paper's lines (every non-blank line, as the rewriting engines and the .docx writers number them), each
 * with its current text: a line the text engine cut into several paragraphs gets each piece's edit in place.
 */
function editedLines(text: string, state: WorkbenchState, reportOffsets: number[]) {
  const codes = toCodePoints(text);
  const structure = analyzeText(text);
  const byStart = new Map(structure.paragraphs.map((p) => [p.start, p]));
  const edits = [...state.texts].map(([index, text]) => ({ range: byStart.get(reportOffsets[index])!, text })).filter((e) => e.range);
  return splitParagraphs(codes).map((line, index) => {
    const original = fromCodePoints(codes, line.start, line.end);
    const inside = edits.filter((e) => e.range.start >= line.start && e.range.end <= line.end).sort((a, b) => a.range.start - b.range.start);
    let rewritten = '';
    let at = line.start;
    for (const e of inside) {
      rewritten += fromCodePoints(codes, at, e.range.start) + e.text;
      at = e.range.end;
    }
    rewritten += fromCodePoints(codes, at, line.end);
    return { index, original, rewritten };
  });
}

async function current(deps: Deps, userId: string, id: string) {
  const check = await ownFinishedCheck(deps.db, userId, id);
  const session = await sessionOf(deps.db, check);
  const state = await stateOf(deps.db, id, await readRow(deps.db, id));
  const [{ text }] = await deps.db.orm.select({ text: checks.text }).from(checks).where(eq(checks.taskId, id));
  const lines = editedLines(text, state, session.report.paragraphs.map((p) => p.offset));
  return { check, session, state, lines };
}

/**
 * workbench_download: the student's own .docx with the edited text in place (clean, or as Word revisions by
 * 墨研改写工作台 at the last save), or, for a pasted or PDF paper, a new .docx with headings and styles.
 */
export async function downloadEdited(deps: ExportDeps, userId: string, id: string, marked = false) {
  const { check, state, lines } = await current(deps, userId, id);
  const marks = marked ? { author: '墨研改写工作台', date: (state.updatedAt ?? deps.now()).toISOString().replace(/\.\d{3}Z$/, 'Z') } : undefined;
  const changes = lines.map((l) => ({ ...l, rewritten: l.rewritten === l.original ? '' : l.rewritten }));
  const original = check.sourceType === 'upload' && check.format === 'docx' && check.fileSha256 ? await readOriginal(deps.config.DATA_DIR, check.fileSha256) : null;
  const body = original
    ? (await deps.compute.rewriteDocxInPlace({ docx: original, changes: changes.filter((c) => c.rewritten), options: { marks } })).docx
    : await deps.compute.buildTextDocx({ title: check.title, paragraphs: changes, marks });
  return { filename: safeFileName(check.title, marked ? '修改稿（标出改动）' : '修改稿'), contentType: DOCX, body };
}

/** The edited paper as one text (its lines), as a new check would read it. */
const editedText = (lines: Array<{ rewritten: string }>) => lines.map((l) => l.rewritten).filter((t) => t.trim()).join('\n');

async function priced(deps: Deps, userId: string, id: string) {
  const found = await current(deps, userId, id);
  const prepared = await prepareRequestText(deps.compute, { content: editedText(found.lines) });
  const { priceFen, rate } = await ratedPrice(deps.db, 'check', prepared.charCount);
  const plan = chargePlan({ priceFen, rate, charCount: prepared.charCount, note: `改写工作台修改后查重：${found.check.title}` });
  return { ...found, prepared, plan };
}

/** workbench_check_cost: a new check of the edited paper, priced at the check price (never the free check). */
export async function editedCheckCost(deps: Deps, userId: string, id: string) {
  const { plan, prepared } = await priced(deps, userId, id);
  return { ...(await quoteOf(deps.db, userId, plan)), charCount: prepared.charCount };
}

/** What workbench_submit_check charges (charge_quote quotes it): refused, as the call is, while nothing was edited. */
export async function editedCheckPlan(deps: Deps, userId: string, id: string) {
  const found = await priced(deps, userId, id);
  if (found.state.head === 0) throw conflict('NOTHING_EDITED', '还没有修改任何内容，无需重新查重');
  return found;
}

/**
 * workbench_submit_check: a new check of the edited paper against the whole library, charged at the price the
 * student confirmed and queued in one transaction; it names this check as the one it was edited from.
 */
export async function submitEditedCheck(deps: ExportDeps & Pick<AppContext, 'wakeJobs'>, userId: string, id: string, confirmedFen: number) {
  const { check, session, state, prepared, plan } = await editedCheckPlan(deps, userId, id);
  const { priceFen } = plan;
  // The quote the student confirmed no longer holds (the paper's length changed since): refuse, never charge differently.
  if (priceFen !== confirmedFen) throw conflict('PRICE_CHANGED', `价格已变为 ${(priceFen / 100).toFixed(2)} 元，请确认后再提交`);
  const estimatedRatio = estimateOf(session, state).totalRatio;
  const checkId = await deps.db.transaction(async (tx) => {
    const txDeps = withDb(deps, tx);
    const task = await createTask(txDeps, {
      kind: 'check',
      userId,
      title: `${check.title}（修改后）`.slice(0, 200),
      priceFen,
      charCount: prepared.charCount,
      payload: { estimatedRatio },
    });
    await tx.orm.insert(checks).values({ taskId: task.id, sourceType: 'paste', format: prepared.format, text: prepared.text, editedFromId: id });
    await queueDraft(txDeps, await lockOwnTask(tx, userId, task.id, 'check'), { note: plan.note });
    return task.id;
  });
  deps.wakeJobs();
  return { checkId, priceFen, estimatedRatio };
}

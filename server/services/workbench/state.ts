import { and, asc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workbenchEdits, workbenches } from '../../db/schema/workbench';
import { estimateFigures, type EditedParagraph } from '../../engines/similarity/estimate';
import type { RecheckedParagraph, WindowLine } from '../../engines/similarity/recheck';
import type { CheckSession } from './session';

/** The version in effect: edits 1..head applied in order. */
export interface WorkbenchState {
  head: number;
  length: number;
  updatedAt: Date | null;
  rewriteId: string | null;
  /** Paragraph index -> its current text, for every paragraph an edit in effect changed. */
  texts: Map<number, string>;
  /** Paragraph index -> its latest re-check (the edited paragraphs and those beside them). */
  rechecked: Map<number, RecheckedParagraph>;
}

export interface WorkbenchRow {
  head: number;
  length: number;
  updatedAt: Date;
  rewriteId: string | null;
}

export const emptyState = (): WorkbenchState => ({ head: 0, length: 0, updatedAt: null, rewriteId: null, texts: new Map(), rechecked: new Map() });

// A state read from the database is kept per check while its row says nothing changed (head, length and the
// time of the last save), so a pause in typing does not read the whole history again; another process's write
// changes the row, and the next call reads it afresh.
const cache = new Map<string, { stamp: string; state: WorkbenchState }>();
const MAX_CACHED = 500;
const stampOf = (row: WorkbenchRow) => `${row.head}:${row.length}:${row.updatedAt.getTime()}`;

export async function readRow(db: Executor, checkId: string): Promise<WorkbenchRow | undefined> {
  const [row] = await db.orm
    .select({ head: workbenches.head, length: workbenches.length, updatedAt: workbenches.updatedAt, rewriteId: workbenches.rewriteId })
    .from(workbenches)
    .where(eq(workbenches.checkId, checkId));
  return row;
}

/** The version the row points at, from the cache or the edits table. */
export async function stateOf(db: Executor, checkId: string, row: WorkbenchRow | undefined): Promise<WorkbenchState> {
  if (!row) return emptyState();
  const cached = cache.get(checkId);
  if (cached?.stamp === stampOf(row)) return cached.state;
  const edits = await db.orm
    .select({ paragraph: workbenchEdits.paragraph, text: workbenchEdits.text, rechecked: workbenchEdits.rechecked })
    .from(workbenchEdits)
    .where(and(eq(workbenchEdits.checkId, checkId), lte(workbenchEdits.seq, row.head)))
    .orderBy(asc(workbenchEdits.seq));
  const state: WorkbenchState = { ...emptyState(), head: row.head, length: row.length, rewriteId: row.rewriteId, updatedAt: row.head || row.length ? row.updatedAt : null };
  for (const edit of edits) applyEdit(state, edit.paragraph, edit.text, edit.rechecked);
  remember(checkId, row, state);
  return state;
}

export function remember(checkId: string, row: WorkbenchRow, state: WorkbenchState): void {
  cache.delete(checkId);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(checkId, { stamp: stampOf(row), state });
}

export function applyEdit(state: WorkbenchState, paragraph: number, text: string, rechecked: Record<string, RecheckedParagraph>): void {
  state.texts.set(paragraph, text);
  for (const [index, figures] of Object.entries(rechecked)) state.rechecked.set(Number(index), figures);
}

/** The paper's lines with the current texts. */
export function currentLines(session: CheckSession, state: WorkbenchState): WindowLine[] {
  const lines = session.lines.slice();
  for (const [paragraph, text] of state.texts) lines[session.lineOf[paragraph]] = { ...lines[session.lineOf[paragraph]], text };
  return lines;
}

/** A paragraph's current text. */
export const textOf = (session: CheckSession, state: WorkbenchState, paragraph: number) =>
  state.texts.get(paragraph) ?? session.report.paragraphs[paragraph].text;

/** 估算总文字复制比, with the parts it was computed from. */
export function estimateOf(session: CheckSession, state: WorkbenchState) {
  const { report } = session;
  const excluded = new Set(report.sections.filter((s) => s.excluded).map((s) => s.index));
  const edits: EditedParagraph[] = [...state.rechecked].map(([index, after]) => {
    const before = report.paragraphs[index];
    return { sectionIndex: before.sectionIndex, before, after };
  });
  const counted = edits.filter((e) => !excluded.has(e.sectionIndex));
  const sum = (pick: (e: EditedParagraph) => number) => counted.reduce((n, e) => n + pick(e), 0);
  const estimate = estimateFigures(report.figures, report.sections, edits);
  return {
    totalRatio: estimate.totalRatio,
    totalChars: estimate.totalChars,
    matchedChars: estimate.matchedChars,
    originalRatio: report.figures.totalRatio,
    originalChars: report.figures.totalChars,
    originalMatchedChars: report.figures.matchedChars,
    recheckedParagraphs: edits.length,
    recheckedCharsBefore: sum((e) => e.before.charCount),
    recheckedMatchedBefore: sum((e) => e.before.matchedChars),
    recheckedChars: sum((e) => e.after.charCount),
    recheckedMatched: sum((e) => e.after.matchedChars),
    sourceCount: session.sources.length,
    sections: estimate.sections,
  };
}

/** A re-checked paragraph as the contract shows it. */
export function paragraphView(session: CheckSession, index: number, figures: RecheckedParagraph) {
  return { index, edited: figures.text !== session.report.paragraphs[index].text, ...figures };
}

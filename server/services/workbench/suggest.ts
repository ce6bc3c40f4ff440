import { eq } from 'drizzle-orm';
import { countChars } from '@common/char-count';
import type { AppContext, Deps } from '../../context';
import { tasks } from '../../db/schema/tasks';
import type { RecheckedParagraph } from '../../engines/similarity/recheck';
import type { SentenceMark } from '../../engines/similarity/types';
import { badRequest, conflict } from '../../errors';
import { chargeTask, refundTask } from '../billing/charges';
import { chargePlan, quoteOf } from '../billing/plan';
import { ratedPrice } from '../billing/prices';
import { EngineMissing } from '../../compute';
import { modelNotConfigured } from '../llm/errors';
import { createTask } from '../tasks/tasks';
import { scoreParagraphAigc } from '../../engines/aigc/paragraph';
import { cleanEditText, editableParagraph, recheckEdit } from './edit';
import { type CheckSession, ownFinishedCheck, sessionOf } from './session';
import { readRow, stateOf, type WorkbenchState } from './state';

export interface SuggestInput {
  id: string;
  index: number;
  paragraph: string;
  start: number;
  end: number;
}

/** Longest sentence 换个说法 takes (code points). */
const MAX_SENTENCE = 1000;
/** Offline suggestions offered, and the seeds tried to find them. */
const OFFLINE_SUGGESTIONS = 3;
const OFFLINE_SEEDS = 8;
export const MODEL_PRICE_SERVICE = 'workbench_model';

const SEVERITY: Record<SentenceMark, number> = { none: 0, cited: 1, orange: 2, red: 3 };

type SuggestDeps = Pick<AppContext, 'db' | 'config' | 'now' | 'llm' | 'compute'>;
export type ModelDeps = Deps & Pick<AppContext, 'llm'>;

interface Sentence {
  codes: string[];
  before: string;
  sentence: string;
  after: string;
  start: number;
}

function sentenceOf(input: SuggestInput): Sentence {
  const codes = Array.from(cleanEditText(input.paragraph));
  if (input.start >= input.end || input.end > codes.length) throw badRequest('句子的位置超出了段落');
  const sentence = codes.slice(input.start, input.end).join('');
  if (!sentence.trim()) throw badRequest('请选择一句话');
  if (input.end - input.start > MAX_SENTENCE) throw badRequest(`一次换个说法的句子不能超过 ${MAX_SENTENCE} 字，请先把它分成几句`);
  return { codes, before: codes.slice(0, input.start).join(''), sentence, after: codes.slice(input.end).join(''), start: input.start };
}

/** The mark, main source and matched characters of [start, end) of a re-checked paragraph, and its AI probability. */
function judge(figures: RecheckedParagraph | undefined, paragraph: string, start: number, end: number) {
  let mark: SentenceMark = 'none';
  let sourceId: string | null = null;
  for (const s of figures?.sentences ?? []) {
    if (s.end <= start || s.start >= end || SEVERITY[s.mark] <= SEVERITY[mark]) continue;
    mark = s.mark;
    sourceId = s.sourceId;
  }
  const codes = Array.from(paragraph);
  const matchedChars = (figures?.matches ?? [])
    .filter((m) => m.end > start && m.start < end)
    .reduce((n, m) => n + countChars(codes.slice(Math.max(start, m.start), Math.min(end, m.end)).join('')), 0);
  const ai = scoreParagraphAigc(paragraph).sentences.filter((s) => s.end > start && s.start < end);
  const aiProbability = ai.length ? Math.max(...ai.map((s) => s.score)) : 0;
  return { mark, sourceId, matchedChars, aiProbability };
}

/** A sentence put back into its paragraph, re-checked and scored. */
function tryOut(session: CheckSession, state: WorkbenchState, index: number, s: Sentence, text: string) {
  const paragraph = `${s.before}${text}${s.after}`;
  const figures = recheckEdit(session, state, index, paragraph)[index];
  return judge(figures, paragraph, s.start, s.start + Array.from(text).length);
}

/** The rewording engine's answer, or a refusal the student can read when it cannot be loaded. */
async function reworded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EngineMissing) throw conflict('ENGINE_UNAVAILABLE', '改写引擎暂不可用，请稍后再试');
    throw error;
  }
}

const ordered = <T extends { mark: SentenceMark; matchedChars: number; aiProbability: number }>(list: T[]) =>
  list.sort((a, b) => SEVERITY[a.mark] - SEVERITY[b.mark] || a.matchedChars - b.matchedChars || a.aiProbability - b.aiProbability);

async function context(deps: Deps, userId: string, input: SuggestInput) {
  const s = sentenceOf(input);
  const check = await ownFinishedCheck(deps.db, userId, input.id);
  const session = await sessionOf(deps.db, check);
  const index = editableParagraph(session, input.index);
  const state = await stateOf(deps.db, check.id, await readRow(deps.db, check.id));
  return { s, check, session, index, state };
}

/**
 * What workbench_suggest_model charges (charge_quote quotes it, workbench_suggest offers it as modelQuote): the
 * sentence's characters at the model rewording price, refused as the call is (a sentence out of its paragraph, a
 * record not the caller's, no model).
 */
export async function modelSuggestPlan(deps: ModelDeps, userId: string, input: SuggestInput) {
  const found = await context(deps, userId, input);
  if (!deps.llm.configured('rewrite')) throw modelNotConfigured();
  const charCount = countChars(found.s.sentence);
  const { priceFen, rate } = await ratedPrice(deps.db, MODEL_PRICE_SERVICE, charCount);
  return { ...found, plan: chargePlan({ priceFen, rate, charCount, engine: 'model', note: `改写工作台·大模型换个说法：${found.check.title}` }) };
}

async function modelQuote(deps: ModelDeps, userId: string, input: SuggestInput) {
  if (!deps.llm.configured('rewrite')) return null;
  const { priceFen, balanceFen, enough } = await quoteOf(deps.db, userId, (await modelSuggestPlan(deps, userId, input)).plan);
  return { priceFen, balanceFen, enough };
}

/** workbench_suggest: the offline engine's safe rewordings of one sentence, each re-checked and scored. */
export async function suggestOffline(deps: SuggestDeps, userId: string, input: SuggestInput) {
  const { s, session, index, state } = await context(deps, userId, input);
  const seen = new Set([s.sentence.trim()]);
  const suggestions = [];
  for (let seed = 1; seed <= OFFLINE_SEEDS && suggestions.length < OFFLINE_SUGGESTIONS; seed++) {
    const p = await reworded(() => deps.compute.rewriteParagraph(s.sentence, { mode: 'smart', seed }));
    const text = p.rewritten.trim();
    if (!text || seen.has(text) || !p.protectedKept) continue;
    seen.add(text);
    suggestions.push({ text, source: 'offline' as const, ...tryOut(session, state, index, s, text) });
  }
  const original = tryOut(session, state, index, s, s.sentence);
  return {
    sentence: s.sentence,
    mark: original.mark,
    aiProbability: original.aiProbability,
    suggestions: ordered(suggestions),
    modelQuote: await modelQuote(deps, userId, input),
  };
}

/**
 * workbench_suggest_model: the model's rewording of one sentence, charged at the price the student was shown
 * (a task of its own, so the ledger says what it was for); refunded when the model gives nothing usable.
 */
export async function suggestWithModel(deps: SuggestDeps, userId: string, input: SuggestInput & { priceFen: number }) {
  const { s, session, index, state, plan } = await modelSuggestPlan(deps, userId, input);
  // The quote the student confirmed no longer holds (the price row changed since): refuse, never charge differently.
  if (plan.priceFen !== input.priceFen) throw conflict('PRICE_CHANGED', `价格已变为 ${(plan.priceFen / 100).toFixed(2)} 元，请确认后再试`);
  const task = await createTask(deps, { kind: 'rewrite', userId, title: plan.note.slice(0, 200), priceFen: plan.priceFen, charCount: countChars(s.sentence), offline: false });
  try {
    await chargeTask(deps.db, { taskId: task.id, userId, amountFen: plan.priceFen, note: plan.note });
  } catch (error) {
    // Not paid (no balance): the task it would have been is not kept.
    await deps.db.orm.delete(tasks).where(eq(tasks.id, task.id));
    throw error;
  }
  const finish = (status: 'done' | 'failed', error: string | null = null) =>
    deps.db.orm.update(tasks).set({ status, error, progress: 100, finishedAt: deps.now(), updatedAt: deps.now() }).where(eq(tasks.id, task.id));
  let text = '';
  try {
    const p = await reworded(() => deps.compute.rewriteParagraph(s.sentence, { mode: 'rewrite', seed: 1, gateway: deps.llm, taskId: task.id }));
    if (!p.offline && p.protectedKept) text = p.rewritten.trim();
  } catch (error) {
    await refundTask(deps.db, task.id, '大模型出错，已退款');
    await finish('failed', '大模型出错，已退款');
    throw error;
  }
  if (!text || text === s.sentence.trim()) {
    await refundTask(deps.db, task.id, '大模型没有给出可用的说法，已退款');
    await finish('failed', '大模型没有给出可用的说法，已退款');
  } else await finish('done');
  const original = tryOut(session, state, index, s, s.sentence);
  return {
    sentence: s.sentence,
    mark: original.mark,
    aiProbability: original.aiProbability,
    suggestions: text && text !== s.sentence.trim() ? [{ text, source: 'model' as const, ...tryOut(session, state, index, s, text) }] : [],
    modelQuote: await modelQuote(deps, userId, input),
  };
}

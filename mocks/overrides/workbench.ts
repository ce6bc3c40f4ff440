import { faker } from '@faker-js/faker/locale/zh_CN';
import { http, HttpResponse } from 'msw';
import { countChars } from '@common/char-count';
import type { CheckReport, ReportParagraph, SentenceMark, WorkbenchAigcParagraph, WorkbenchEstimate, WorkbenchParagraph } from '@/api/gen/model';
import { fail, notFound, ok } from '../envelope';
import { priceOf as ratePrice, RATES } from '../prices';
import { currentCapabilities } from './capabilities';
import { type Plan, quoteOf } from './charges';
import { checkArea, insertQueuedCheck, priceOf, reportOf } from './check';
import type { MockUser } from './auth-state';
import { type Row, idOf, readBody, withUser } from './request';

// The 改写工作台 as the real server answers it, over the mocked check's report: an edited paragraph keeps a
// sentence's mark only while the sentence is still word for word the copied one (the real re-check aligns
// against the sources; here a changed sentence is unmarked), versions with undo/redo, the estimate from the
// re-checked paragraphs, offline suggestions that are re-checked, AI traces scored by a stable rule.

const BASE = '/api/base/check_api';

type Version = { index: number; text: string };
type Bench = { edits: Version[]; head: number; updatedAt: string | null; rechecks: Array<{ id: string; estimatedRatio: number; createdAt: string }> };
const benches = new Map<string, Bench>();

export function resetWorkbenchState(): void {
  benches.clear();
}

const benchOf = (id: string): Bench => benches.get(id) ?? benches.set(id, { edits: [], head: 0, updatedAt: null, rechecks: [] }).get(id)!;

function finished(request: Request, id = idOf(request)): { row: Row; report: CheckReport } | Response {
  return finishedCheck(id);
}

function finishedCheck(id: string): { row: Row; report: CheckReport } | Response {
  const row = checkArea.store.find(id);
  if (!row) return notFound();
  if (row.status !== 'done') return fail(409, 'REPORT_NOT_READY', '查重尚未完成，报告暂不可查看');
  return { row, report: reportOf(row) };
}

const sentencesOf = (chars: string[]) => {
  const out: Array<{ start: number; end: number }> = [];
  let start = 0;
  chars.forEach((ch, i) => {
    if ('。！？；'.includes(ch) || i === chars.length - 1) {
      out.push({ start, end: i + 1 });
      start = i + 1;
    }
  });
  return out;
};

/** A paragraph's new text against what its report copied: a sentence still as it was keeps its mark. */
function recheck(before: ReportParagraph, text: string): WorkbenchParagraph {
  const old = Array.from(before.text);
  const copied = new Map<string, { mark: SentenceMark; sourceId: string | null; matched: ReportParagraph['matches'] }>();
  for (const s of before.sentences) {
    const piece = old.slice(s.start, s.end).join('');
    const matched = before.matches.filter((m) => m.start < s.end && m.end > s.start).map((m) => ({ ...m, start: m.start - s.start, end: m.end - s.start }));
    if (s.mark !== 'none') copied.set(piece, { mark: s.mark, sourceId: s.sourceId, matched });
  }
  const chars = Array.from(text);
  const sentences: WorkbenchParagraph['sentences'] = [];
  const matches: WorkbenchParagraph['matches'] = [];
  let matchedChars = 0;
  for (const range of sentencesOf(chars)) {
    const found = copied.get(chars.slice(range.start, range.end).join(''));
    sentences.push({ ...range, mark: found?.mark ?? 'none', sourceId: found?.sourceId ?? null });
    for (const m of found?.matched ?? []) {
      matches.push({ ...m, start: m.start + range.start, end: m.end + range.start });
      matchedChars += countChars(m.sourceText);
    }
  }
  const charCount = countChars(text);
  return { index: before.index, text, edited: text !== before.text, charCount, matchedChars, ratio: charCount ? matchedChars / charCount : 0, sentences, matches };
}

function versionOf(bench: Bench): Map<number, string> {
  const texts = new Map<number, string>();
  for (const e of bench.edits.slice(0, bench.head)) texts.set(e.index, e.text);
  return texts;
}

function estimateOf(report: CheckReport, rechecked: WorkbenchParagraph[]): WorkbenchEstimate {
  const { figures } = report;
  let totalChars = figures.totalChars;
  let matchedChars = figures.matchedChars;
  const sections = report.sections.map((s) => ({ index: s.index, charCount: s.charCount, matchedChars: s.matchedChars, ratio: s.ratio }));
  let before = 0;
  let after = 0;
  for (const p of rechecked) {
    const old = report.paragraphs[p.index];
    totalChars += p.charCount - old.charCount;
    matchedChars += p.matchedChars - old.matchedChars;
    before += old.matchedChars;
    after += p.matchedChars;
    const section = sections[old.sectionIndex];
    section.charCount += p.charCount - old.charCount;
    section.matchedChars += p.matchedChars - old.matchedChars;
    section.ratio = section.charCount ? section.matchedChars / section.charCount : 0;
  }
  return {
    totalRatio: totalChars ? matchedChars / totalChars : 0,
    totalChars,
    matchedChars,
    originalRatio: figures.totalRatio,
    originalChars: figures.totalChars,
    originalMatchedChars: figures.matchedChars,
    recheckedParagraphs: rechecked.length,
    recheckedCharsBefore: rechecked.reduce((n, p) => n + report.paragraphs[p.index].charCount, 0),
    recheckedMatchedBefore: before,
    recheckedChars: rechecked.reduce((n, p) => n + p.charCount, 0),
    recheckedMatched: after,
    sourceCount: report.sources.length,
    sections,
  };
}

function view(row: Row, report: CheckReport, bench: Bench) {
  const paragraphs = [...versionOf(bench)].sort((a, b) => a[0] - b[0]).map(([index, text]) => recheck(report.paragraphs[index], text));
  return {
    checkId: row.id,
    title: String(row.title),
    revision: bench.head,
    historyLength: bench.edits.length,
    updatedAt: bench.updatedAt,
    paragraphs,
    estimate: estimateOf(report, paragraphs),
    docxInPlace: row.sourceType === 'upload',
    modelAvailable: true,
    rechecks: bench.rechecks.map((r) => {
      const check = checkArea.store.find(r.id);
      const status = String(check?.status ?? 'queued');
      return { ...r, status, totalRatio: status === 'done' ? reportOf(check!).figures.totalRatio : null };
    }),
    rewriteId: null,
  };
}

/** The detector's stand-in: long, even sentences of stock phrases read as machine-written. */
function aigcOf(index: number, text: string): WorkbenchAigcParagraph {
  const chars = Array.from(text);
  const sentences = sentencesOf(chars).map((r) => {
    const piece = chars.slice(r.start, r.end).join('');
    const stock = (piece.match(/综上所述|具有重要意义|随着|不断|进一步|显著|有效/g) ?? []).length;
    const score = Math.min(0.95, 0.15 + 0.2 * stock + (r.end - r.start > 40 ? 0.2 : 0));
    return { ...r, score, machine: score >= 0.5 };
  });
  const aiChars = sentences.filter((s) => s.machine).reduce((n, s) => n + countChars(chars.slice(s.start, s.end).join('')), 0);
  const score = sentences.length ? sentences.reduce((n, s) => n + s.score, 0) / sentences.length : 0;
  return { index, score, chars: countChars(text), aiChars, sentences };
}

const SWAPS: Array<[RegExp, string]> = [
  [/研究/g, '探讨'],
  [/方法/g, '途径'],
  [/通过/g, '借助'],
  [/显著/g, '明显'],
  [/提高/g, '提升'],
  [/进行/g, '开展'],
  [/问题/g, '难题'],
  [/主要/g, '首要'],
  [/影响/g, '作用'],
  [/发现/g, '看到'],
];

/** Rewordings as the offline engine makes them: words swapped for near-synonyms, clauses put the other way round. */
function offlineRewordings(sentence: string): string[] {
  const out = new Set<string>();
  let text = sentence;
  for (const [pattern, to] of SWAPS) {
    if (!pattern.test(text)) continue;
    text = text.replace(pattern, to);
    out.add(text);
  }
  const end = /[。！？；]$/.exec(sentence)?.[0] ?? '';
  const clauses = sentence.slice(0, sentence.length - end.length).split('，');
  if (clauses.length > 1) out.add(`${[...clauses.slice(1), clauses[0]].join('，')}${end}`);
  out.delete(sentence);
  return [...out].slice(-3).reverse();
}

type SentenceInput = { id?: string; index?: number; paragraph?: string; start?: number; end?: number; priceFen?: number };

/** The sentence asked about, re-checked and scored in its paragraph as the server does, or the call's refusal. */
function sentenceOf(body: SentenceInput) {
  const found = finishedCheck(String(body.id ?? ''));
  if (found instanceof Response) return found;
  const before = found.report.paragraphs[Number(body.index)];
  if (!before) return fail(400, 'BAD_REQUEST', `第 ${Number(body.index) + 1} 段不存在`);
  const chars = Array.from(String(body.paragraph ?? ''));
  const start = Number(body.start);
  const end = Number(body.end);
  if (!(start < end && end <= chars.length)) return fail(400, 'BAD_REQUEST', '请求参数不正确：句子的位置超出了段落');
  const sentence = chars.slice(start, end).join('');
  const judge = (text: string) => {
    const paragraph = chars.slice(0, start).join('') + text + chars.slice(end).join('');
    const again = recheck(before, paragraph);
    const at = again.sentences.find((s) => s.start >= start && s.start < start + Array.from(text).length);
    const ai = aigcOf(before.index, paragraph).sentences.find((s) => s.start === at?.start);
    return { mark: at?.mark ?? ('none' as const), sourceId: at?.sourceId ?? null, matchedChars: at?.mark === 'none' ? 0 : countChars(text), aiProbability: ai?.score ?? 0 };
  };
  const original = judge(sentence);
  const answer = (texts: string[], source: 'offline' | 'model', modelQuote: unknown) =>
    ok({ sentence, mark: original.mark, aiProbability: original.aiProbability, suggestions: texts.map((text) => ({ text, source, ...judge(text) })), modelQuote });
  return { row: found.row, sentence, answer };
}

/**
 * workbench_suggest_model as charge_quote quotes it and the call charges it (mocks/overrides/charges.ts): the
 * sentence's characters at the model price, refused without a model or at a price no longer quoted.
 */
export function modelSuggestPlan(body: SentenceInput, user: MockUser): Plan | Response {
  const found = sentenceOf(body);
  if (found instanceof Response) return found;
  if (currentCapabilities().rewriteEngine !== 'model') return fail(503, 'MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试');
  const charCount = countChars(found.sentence);
  const priceFen = ratePrice(RATES.workbench_model, charCount);
  if (body.priceFen !== undefined && body.priceFen !== priceFen) return fail(409, 'PRICE_CHANGED', `价格已变为 ${(priceFen / 100).toFixed(2)} 元，请确认后再试`);
  const plan: Plan = { priceFen, note: `改写工作台·大模型换个说法：${String(found.row.title)}`, charCount, rate: RATES.workbench_model, engine: 'model' };
  const after = () => found.answer([`${found.sentence.replace(/。$/, '')}，这一点在本文的实验中也得到了印证。`], 'model', offered(plan, user));
  return { ...plan, after };
}

/** modelQuote: the plan's price with the balance, as workbench_suggest offers it. */
const offered = (plan: Plan, user: MockUser) => (({ priceFen, balanceFen, enough }) => ({ priceFen, balanceFen, enough }))(quoteOf(plan, user));

async function suggest(request: Request, user: MockUser) {
  const body = await readBody<SentenceInput>(request);
  const found = sentenceOf(body);
  if (found instanceof Response) return found;
  const plan = modelSuggestPlan(body, user);
  return found.answer(offlineRewordings(found.sentence), 'offline', plan instanceof Response ? null : offered(plan, user));
}

/** A new check of the edited paper, as the server prices and notes it (never the free check). */
const recheckPlan = (row: Row, charCount: number): Plan => ({ priceFen: priceOf(charCount), rate: RATES.check, charCount, note: `改写工作台修改后查重：${String(row.title)}` });

/**
 * workbench_submit_check as charge_quote quotes it and the call charges it (mocks/overrides/charges.ts): refused
 * with nothing edited or at a price no longer quoted; once paid, the new check is queued and linked back.
 */
export function editedCheckPlan({ id = '', priceFen }: { id?: string; priceFen?: number }): Plan | Response {
  const row = checkArea.store.find(id);
  if (!row) return notFound();
  if (row.status !== 'done') return fail(409, 'REPORT_NOT_READY', '查重尚未完成，报告暂不可查看');
  const report = reportOf(row);
  const bench = benchOf(id);
  if (bench.head === 0) return fail(409, 'NOTHING_EDITED', '还没有修改任何内容，无需重新查重');
  const whole = view(row, report, bench);
  const plan = recheckPlan(row, whole.estimate.totalChars);
  if (priceFen !== undefined && priceFen !== plan.priceFen) return fail(409, 'PRICE_CHANGED', `价格已变为 ${(plan.priceFen / 100).toFixed(2)} 元，请确认后再提交`);
  const after = () => {
    const texts = versionOf(bench);
    const text = report.paragraphs.map((p) => texts.get(p.index) ?? p.text).join('\n');
    const checkId = faker.string.alphanumeric(12);
    const createdAt = new Date().toISOString();
    insertQueuedCheck(
      { ...row, id: checkId, title: `${String(row.title)}（修改后）`, status: 'queued', progress: 0, priceFen: plan.priceFen, freeCheck: false, createdAt, finishedAt: null, figures: null, sourceType: 'paste', fileName: null, editedFromId: row.id },
      text,
    );
    bench.rechecks.unshift({ id: checkId, estimatedRatio: whole.estimate.totalRatio, createdAt });
    return ok({ checkId, priceFen: plan.priceFen, estimatedRatio: whole.estimate.totalRatio });
  };
  return { ...plan, after };
}

export const workbenchOverrides = [
  http.post(`*${BASE}/workbench_load`, withUser((request) => {
    const found = finished(request);
    if (found instanceof Response) return found;
    return ok(view(found.row, found.report, benchOf(found.row.id)));
  })),

  http.post(`*${BASE}/workbench_recheck`, withUser(async (request) => {
    const body = await readBody<{ id: string; index: number; text: string; kind: string; baseRevision: number; withAigc: boolean }>(request);
    const found = finished(request, String(body.id ?? ''));
    if (found instanceof Response) return found;
    const before = found.report.paragraphs[Number(body.index)];
    if (!before) return fail(400, 'BAD_REQUEST', `第 ${Number(body.index) + 1} 段不存在`);
    const text = String(body.text ?? '').trim();
    if (/[\r\n]/.test(text)) return fail(400, 'BAD_REQUEST', '段落中不能换行；要分段请在导出的 Word 文件中操作');
    const bench = benchOf(found.row.id);
    const top = bench.edits[bench.head - 1];
    bench.edits = bench.edits.slice(0, bench.head);
    if (body.kind === 'typing' && top?.index === before.index && bench.head === body.baseRevision) top.text = text;
    else bench.edits.push({ index: before.index, text });
    bench.head = bench.edits.length;
    bench.updatedAt = new Date().toISOString();
    const whole = view(found.row, found.report, bench);
    return ok({
      revision: whole.revision,
      historyLength: whole.historyLength,
      updatedAt: bench.updatedAt,
      paragraphs: [recheck(before, text)],
      estimate: whole.estimate,
      aigc: body.withAigc ? [aigcOf(before.index, text)] : [],
    });
  })),

  ...(['undo', 'redo'] as const).map((direction) =>
    http.post(`*${BASE}/workbench_${direction}`, withUser((request) => {
      const found = finished(request);
      if (found instanceof Response) return found;
      const bench = benchOf(found.row.id);
      if (direction === 'undo' && bench.head === 0) return fail(409, 'NOTHING_TO_UNDO', '没有可以撤销的修改');
      if (direction === 'redo' && bench.head >= bench.edits.length) return fail(409, 'NOTHING_TO_REDO', '没有可以重做的修改');
      bench.head += direction === 'undo' ? -1 : 1;
      return ok(view(found.row, found.report, bench));
    })),
  ),

  http.post(`*${BASE}/workbench_suggest`, withUser(suggest)),

  http.post(`*${BASE}/workbench_aigc`, withUser((request) => {
    const found = finished(request);
    if (found instanceof Response) return found;
    const texts = versionOf(benchOf(found.row.id));
    const paragraphs = found.report.paragraphs.map((p) => aigcOf(p.index, texts.get(p.index) ?? p.text));
    const chars = paragraphs.reduce((n, p) => n + p.chars, 0);
    const aiChars = paragraphs.reduce((n, p) => n + p.aiChars, 0);
    return ok({ aiCharRatio: chars ? aiChars / chars : 0, chars, aiChars, paragraphs });
  })),

  http.get(`*${BASE}/workbench_download`, withUser((request) => {
    const found = finished(request);
    if (found instanceof Response) return found;
    const marked = new URL(request.url).searchParams.get('marked') === 'true';
    const name = encodeURIComponent(`${String(found.row.title)}-${marked ? '修改稿（标出改动）' : '修改稿'}.docx`);
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'Content-Disposition': `attachment; filename="edited.docx"; filename*=UTF-8''${name}`,
      },
    });
  })),

  http.post(`*${BASE}/workbench_check_cost`, withUser((request, user) => {
    const found = finished(request);
    if (found instanceof Response) return found;
    const charCount = view(found.row, found.report, benchOf(found.row.id)).estimate.totalChars;
    return ok({ ...quoteOf(recheckPlan(found.row, charCount), user), charCount });
  })),

  http.post(`*${BASE}/workbench_from_rewrite`, withUser(() => fail(409, 'NOT_FROM_CHECK', '这条降重记录不是由查重报告发起的，无法在改写工作台中继续修改'))),
];

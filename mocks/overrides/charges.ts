import { faker } from '@faker-js/faker/locale/zh_CN';
import { http } from 'msw';
import type { ChargeOperation, ChargeQuoteBody, CostQuote, PaperOutline, Rate } from '@/api/gen/model';
import { priceOf, RATES } from '../prices';
import { MODE_LABELS, modeLabel } from '@common/rewrite-modes';
import { badRequest, fail, notFound, ok, unauthorized } from '../envelope';
import { type MockUser, userOf } from './auth-state';
import { currentCapabilities } from './capabilities';
import { checkArea, checkTextOf, warningsFor } from './check';
import { recordCharge } from './order-state';
import { paperEntry } from './paper';
import { pptArea } from './ppt';
import { aigcArea, aiPaperArea, machineArea, paperInfoArea, paperMachineArea } from './records';
import { idOf, readBody, type Row, withUser } from './request';
import { editedCheckPlan, modelSuggestPlan } from './workbench';

// Every call that charges, as the server charges it (server/services/quotes/charge-quote.ts): charge_quote answers
// what a call would take, and the call itself takes exactly that from the balance through the same plan, with a
// ledger entry saying what for.

/** Who rewords in a mode on the mocked instance (智能降重 always offline), and at which rate. */
export function rewriteRate(mode: string, source: 'aigc' | 'other' = 'other') {
  const engine = mode === 'smart' ? 'offline' : currentCapabilities().rewriteEngine;
  const rate = engine === 'offline' ? RATES.rewrite_offline : source === 'aigc' ? RATES.aigc_rewrite : RATES.rewrite;
  return { engine, rate } as const;
}

/** What a rewording draft of `chars` characters costs (学术库降重 without a check checks first). */
export const rewriteDraftPrice = (mode: string, chars: number) =>
  priceOf(rewriteRate(mode).rate, chars) + (mode === 'cnki' ? priceOf(RATES.check, chars) : 0);

export interface Plan {
  priceFen: number;
  note: string;
  charCount?: number | null;
  rate?: Rate | null;
  engine?: 'model' | 'offline' | null;
  freeCheck?: boolean;
  billing?: 'fixed' | 'per_answer';
  /** After the charge: the record moves on; a Response answers the call, nothing lets the next handler answer. */
  after?: () => Response | void;
}

/** A call's parameters as charge_quote takes them, and the price the call names where it names one. */
type Input = Partial<ChargeQuoteBody> & { priceFen?: number };
type Planner = (input: Input, user: MockUser) => Plan | Response;

const alreadySubmitted = (what = '该记录') => fail(409, 'TASK_ALREADY_SUBMITTED', `${what}已提交，请勿重复提交`);
const notFinished = () => fail(409, 'TASK_NOT_FINISHED', '尚未完成，完成后才能继续');

/** A draft of an area submitted: priced as it was drafted, queued once paid. */
function draftSubmit(area: { store: { find(id: string): Row | undefined; update(id: string, patch: Record<string, unknown>): void } }, note: (row: Row) => string, extra: (row: Row) => Partial<Plan> = () => ({})): Planner {
  return ({ id = '' }) => {
    const row = area.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'draft') return alreadySubmitted();
    return {
      priceFen: Number(row.priceFen),
      note: note(row),
      charCount: Number(row.charCount) || null,
      ...extra(row),
      after: () => {
        area.store.update(id, { status: 'queued', progress: 0 });
        return ok(area.store.find(id));
      },
    };
  };
}

const rewriteSubmit = (area: typeof paperMachineArea) =>
  draftSubmit(area, (row) => `${MODE_LABELS[String(row.mode)]}：${row.title}`, (row) => {
    const { engine, rate } = rewriteRate(String(row.mode));
    return { engine, rate: row.mode === 'cnki' ? null : rate };
  });

/** A finished record's flagged characters (the paragraphs its report marked), as its figures say. */
const flaggedChars = (row: Row, share: number) => Math.max(1, Math.round(Number(row.charCount) * share));

function lowering({ id = '', mode }: Input): Plan | Response {
  const row = aigcArea.store.find(id);
  if (!row || row.kind !== 'detect') return notFound();
  if (row.status !== 'done') return notFinished();
  if (!mode || !['rewrite', 'strong', 'polish'].includes(mode)) return badRequest('请求参数不正确：mode 应为 rewrite、strong 或 polish');
  const chars = flaggedChars(row, Number(row.paragraphFlagged) / Math.max(1, Number(row.paragraphTotal)));
  const { engine, rate } = rewriteRate(mode, 'aigc');
  return { priceFen: priceOf(rate, chars), rate, engine, charCount: chars, note: `${modeLabel({ mode, source: 'aigc' })}：${row.title}` };
}

function sectionReload(area: typeof aiPaperArea): Planner {
  return ({ id = '' }) => {
    const section = paperEntry.section(id) ?? area.store.item(id);
    if (!section) return notFound();
    const length = Number(section.targetLength);
    if (length <= 0) return badRequest('请求参数不正确：章标题下没有正文，请重新生成其中的节');
    const rate = { ...RATES.paper, minFen: 0 };
    return { priceFen: priceOf(rate, length), rate, charCount: length, note: `论文重新生成一节：${section.heading}` };
  };
}

const outlineLength = (outline: PaperOutline | undefined) =>
  (outline?.chapters ?? []).reduce((sum, c) => sum + (c.sections.length > 0 ? c.sections.reduce((n, s) => n + s.targetLength, 0) : c.targetLength), 0);

const PLANS: Record<ChargeOperation, Planner> = {
  checkCheckSubmit: checkSubmit,
  checkCheckMachineSubmit: checkSubmit,
  paperAigcMachineSubmit: draftSubmit(aigcArea, (row) => `AIGC检测：${row.title}`, (row) => ({ rate: RATES.aigc, charCount: Number(row.charCount) })),
  paperAigcAigcMachineSubmit: lowering,
  paperMachineCheckAigcMachineSubmit: lowering,
  paperAigcSubmitCheck: ({ id = '' }) => {
    const row = aigcArea.store.find(id);
    if (!row || row.kind !== 'lower') return notFound();
    if (row.status !== 'done') return notFinished();
    const chars = Number(row.charCount);
    return { priceFen: priceOf(RATES.aigc, chars), rate: RATES.aigc, charCount: chars, note: `降AIGC后重新检测：${row.title}` };
  },
  paperMachineMachineSubmit: rewriteSubmit(paperMachineArea),
  machineMachineSubmit: rewriteSubmit(machineArea),
  machineMachineCnkiSubmit: rewriteSubmit(machineArea),
  paperMachineSubmitCheck: ({ id = '' }) => {
    const row = paperMachineArea.store.find(id) ?? machineArea.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'done') return notFinished();
    if (row.recheckId) return fail(409, 'RECHECK_EXISTS', '该降重结果已提交查重，请在查重记录中查看');
    const chars = Number(row.charCount);
    return {
      priceFen: priceOf(RATES.check, chars),
      rate: RATES.check,
      charCount: chars,
      note: `降重后查重：${row.title}`,
      after: () => paperMachineArea.store.update(id, { recheckId: `${id}-check` }),
    };
  },
  paperMachineCheckMachineSubmit: ({ id = '', mode = 'rewrite' }) => {
    const row = checkArea.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'done') return notFinished();
    const figures = row.figures as { totalRatio?: number } | null;
    const chars = flaggedChars(row, Math.min(1, (figures?.totalRatio ?? 0) * 2));
    const { engine, rate } = rewriteRate(mode);
    return { priceFen: priceOf(rate, chars), rate, engine, charCount: chars, note: `${MODE_LABELS[mode]}（按查重报告）：${row.title}` };
  },
  paperMachineCheckAigcAndMachineSubmit: ({ id = '', mode = 'rewrite' }) => {
    const row = paperMachineArea.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'draft') return alreadySubmitted();
    const chars = Number(row.charCount);
    const { engine, rate } = rewriteRate(mode);
    const priceFen = priceOf(rate, chars) + 2 * priceOf(RATES.check, chars) + 2 * priceOf(RATES.aigc, chars);
    return { priceFen, engine, charCount: chars, note: `查重、AIGC检测并降重：${row.title}` };
  },
  aiPaperInfoCommitPaper: ({ id = '', outline }) => {
    const paper = paperEntry.paper(id) ?? aiPaperArea.store.find(id);
    if (!paper) return notFound();
    if (paper.stage !== 'outline') return alreadySubmitted('该论文的大纲');
    if (!outline?.chapters?.length) return badRequest('请求参数不正确：大纲至少需要一章');
    const length = outlineLength(outline);
    return { priceFen: priceOf(RATES.paper, length), rate: RATES.paper, charCount: length, note: `论文写作：${paper.title}` };
  },
  aiPaperInfoReload: sectionReload(aiPaperArea),
  paperInfoReload: sectionReload(paperInfoArea),
  paperInfoPaperSubmit: ({ title = '', length = 0 }) => ({ priceFen: priceOf(RATES.paper, length), rate: RATES.paper, charCount: length, note: `毕业论文写作：${title.trim()}` }),
  paperInfoPaperXueshuSubmit: ({ title = '', length = 0 }) => ({ priceFen: priceOf(RATES.paper, length), rate: RATES.paper, charCount: length, note: `期刊论文写作：${title.trim()}` }),
  aiPptInfoSubmitById: ({ id = '' }) => {
    const row = pptArea.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'draft') return alreadySubmitted('该 PPT');
    return { priceFen: Number(row.priceFen), note: `AI PPT：${row.title}` };
  },
  chatGptCompletions: chatPlan,
  chatGptCompletionsStream: chatPlan,
  checkWorkbenchSubmitCheck: (input) => editedCheckPlan(input),
  checkWorkbenchSuggestModel: (input, user) => modelSuggestPlan(input, user),
};

function checkSubmit({ id = '' }: Input, user: MockUser): Plan | Response {
  const row = checkArea.store.find(id);
  if (!row) return notFound();
  if (row.status !== 'draft') return alreadySubmitted('该论文');
  const free = user.freeCheckAvailable;
  return {
    priceFen: Number(row.priceFen),
    note: `论文查重：${row.title}`,
    rate: RATES.check,
    charCount: Number(row.charCount),
    freeCheck: free,
    after: () => checkArea.store.update(id, { freeCheck: free }),
  };
}

/** The longest answer allowed (CHAT_MAX_ANSWER_CHARS' default); an answer is charged by what it delivers. */
export const CHAT_MAX_ANSWER_CHARS = 8000;

function chatPlan(): Plan {
  return { priceFen: priceOf(RATES.chat, CHAT_MAX_ANSWER_CHARS), rate: RATES.chat, charCount: CHAT_MAX_ANSWER_CHARS, billing: 'per_answer', note: '智能对话：每次回答按实际回答字数计费' };
}

export function quoteOf(plan: Plan, user: MockUser): CostQuote {
  const chargeFen = plan.freeCheck ? 0 : plan.priceFen;
  const enough = user.balanceFen >= chargeFen;
  return {
    priceFen: plan.priceFen,
    chargeFen,
    purpose: plan.freeCheck ? `${plan.note}（首次免费）` : plan.note,
    billing: plan.billing ?? 'fixed',
    balanceFen: user.balanceFen,
    balanceAfterFen: enough ? user.balanceFen - chargeFen : null,
    freeCheck: plan.freeCheck ?? false,
    enough,
    engine: plan.engine ?? null,
    charCount: plan.charCount ?? null,
    rate: plan.rate ?? null,
  };
}

/** The free check or the balance pays, with a ledger entry; refused (nothing taken) when the balance is short. */
function charge(plan: Plan, user: MockUser): Response | undefined {
  const quote = quoteOf(plan, user);
  if (!quote.enough) return fail(409, 'INSUFFICIENT_BALANCE', '余额不足，请先充值');
  if (plan.freeCheck) user.freeCheckAvailable = false;
  recordCharge(user, quote.chargeFen, quote.purpose, faker.string.alphanumeric(12));
  return undefined;
}

/** The call's own parameters as charge_quote takes them. */
const inputs: Record<ChargeOperation, { path: string; input: (request: Request) => Promise<Input> }> = (() => {
  const byBody = (path: string, rename: Record<string, keyof Input> = {}) => ({
    path,
    input: async (request: Request) => {
      const body = await readBody<Record<string, unknown>>(request);
      return Object.fromEntries(Object.entries(body).map(([key, value]) => [rename[key] ?? key, value])) as Input;
    },
  });
  const byQuery = (path: string) => ({ path, input: async (request: Request) => ({ id: idOf(request) }) });
  return {
    checkCheckSubmit: byBody('/api/base/check_api/check_submit'),
    checkCheckMachineSubmit: byBody('/api/base/check_api/check_machine_submit'),
    paperAigcMachineSubmit: byBody('/api/base/paper_aigc_api/machine_submit'),
    paperAigcAigcMachineSubmit: byBody('/api/base/paper_aigc_api/aigc_machine_submit'),
    paperMachineCheckAigcMachineSubmit: byBody('/api/base/paper_machine_api/check_aigc_machine_submit', { aigcId: 'id' }),
    paperAigcSubmitCheck: byQuery('/api/base/paper_aigc_api/submit_check'),
    paperMachineMachineSubmit: byBody('/api/base/paper_machine_api/machine_submit'),
    machineMachineSubmit: byBody('/api/base/machine_api/machine_submit'),
    machineMachineCnkiSubmit: byBody('/api/base/machine_api/machine_cnki_submit'),
    paperMachineSubmitCheck: byQuery('/api/base/paper_machine_api/submit_check'),
    paperMachineCheckMachineSubmit: byBody('/api/base/paper_machine_api/check_machine_submit', { checkId: 'id' }),
    paperMachineCheckAigcAndMachineSubmit: byBody('/api/base/paper_machine_api/check_aigc_and_machine_submit'),
    aiPaperInfoCommitPaper: byBody('/api/base/ai_paper_info_api/commit_paper'),
    aiPaperInfoReload: byQuery('/api/base/ai_paper_info_api/reload'),
    paperInfoReload: byQuery('/api/base/paper_info_api/reload'),
    paperInfoPaperSubmit: byBody('/api/base/paper_info_api/paper_submit'),
    paperInfoPaperXueshuSubmit: byBody('/api/base/paper_info_api/paper_xueshu_submit'),
    aiPptInfoSubmitById: byQuery('/api/base/ai_ppt_info_api/submit_by_id'),
    chatGptCompletions: byBody('/api/base/chat_gpt_api/completions'),
    chatGptCompletionsStream: byBody('/api/base/chat_gpt_api/completions_stream'),
    checkWorkbenchSubmitCheck: {
      path: '/api/base/check_api/workbench_submit_check',
      input: async (request: Request) => ({ id: idOf(request), priceFen: (await readBody<{ priceFen?: number }>(request)).priceFen }),
    },
    checkWorkbenchSuggestModel: byBody('/api/base/check_api/workbench_suggest_model'),
  };
})();

// Chat answers are charged by the chat overrides themselves (by what each answer delivered).
const PER_ANSWER: ChargeOperation[] = ['chatGptCompletions', 'chatGptCompletionsStream'];

export const chargeOverrides = [
  // check_cost: the same quote as charge_quote for check_submit, with what to know before paying.
  http.post('*/api/base/check_api/check_cost', withUser(async (request, user) => {
    const { id = '' } = await readBody<{ id: string }>(request);
    const row = checkArea.store.find(id);
    if (!row) return notFound();
    if (row.status !== 'draft') {
      const paid = quoteOf({ priceFen: Number(row.priceFen), note: `论文查重：${row.title}`, freeCheck: Boolean(row.freeCheck), charCount: Number(row.charCount) }, user);
      return ok({ ...paid, enough: true, balanceAfterFen: null, warnings: [] });
    }
    const plan = checkSubmit({ id }, user) as Plan;
    return ok({ ...quoteOf(plan, user), warnings: warningsFor(checkTextOf(row)) });
  })),
  http.post('*/api/base/account_info_api/charge_quote', withUser(async (request, user) => {
    const body = await readBody<ChargeQuoteBody>(request);
    const planner = body.operation && PLANS[body.operation];
    if (!planner) return badRequest('请求参数不正确：operation 不是可用的取值');
    const plan = planner(body, user);
    return plan instanceof Response ? plan : ok(quoteOf(plan, user));
  })),
  ...(Object.keys(inputs) as ChargeOperation[])
    .filter((operation) => !PER_ANSWER.includes(operation))
    .map((operation) =>
      // Charges, then lets the call's own handler answer (a draft submitted answers here, as the record it became).
      http.post(`*${inputs[operation].path}`, async ({ request }) => {
        const user = userOf(request);
        if (!user) return unauthorized();
        const plan = PLANS[operation](await inputs[operation].input(request.clone()), user);
        if (plan instanceof Response) return plan;
        return charge(plan, user) ?? plan.after?.() ?? undefined;
      }),
    ),
];

import type { AppContext, Deps } from '../../context';
import type { RewriteRecordMode } from '../../db/schema/rewrites';
import { badRequest } from '../../errors';
import type { components } from '../../gen/openapi';
import { checkAndDetectPlan, loweringPlan, redetectPlan } from '../aigc/lower';
import { detectionSubmitPlan } from '../aigc/submit';
import { type ChargePlan, type ChargeQuote, quoteOf } from '../billing/plan';
import { answerPlan } from '../chat/billing';
import { checkSubmitPlan } from '../check/submit';
import { classicPaperPlan, commitPlan } from '../paper/create';
import { sectionReloadPlan } from '../paper/sections';
import { deckSubmitPlan } from '../ppt/decks';
import { PAPER_MODES } from '../rewrite/records';
import { fromCheckPlan, recheckPlan, rewriteSubmitPlan } from '../rewrite/submit';
import { editedCheckPlan } from '../workbench/export';
import { modelSuggestPlan } from '../workbench/suggest';

type Body = components['schemas']['ChargeQuoteBody'];
export type ChargeOperation = Body['operation'];

const missing = (field: string) => badRequest(`${field} 不能为空`);

function need<K extends keyof Body>(body: Body, field: K): NonNullable<Body[K]> {
  const value = body[field];
  if (value === undefined || value === null) throw missing(field);
  return value as NonNullable<Body[K]>;
}

/**
 * The plan of every charging call (x-moyan-charges in the contract), computed by the function the call itself
 * charges with. A call that cannot go ahead is refused here as the call would refuse it.
 */
/** The model's configuration is the gateway's (a call needing a model is refused by it). */
type QuoteDeps = Deps & Pick<AppContext, 'llm'>;

const PLANS: Record<ChargeOperation, (deps: QuoteDeps, userId: string, body: Body) => Promise<ChargePlan>> = {
  checkCheckSubmit: (deps, userId, body) => checkSubmitPlan(deps, userId, need(body, 'id')),
  checkCheckMachineSubmit: (deps, userId, body) => checkSubmitPlan(deps, userId, need(body, 'id')),
  paperAigcMachineSubmit: (deps, userId, body) => detectionSubmitPlan(deps, userId, need(body, 'id')),
  paperAigcAigcMachineSubmit: async (deps, userId, body) => (await loweringPlan(deps, userId, need(body, 'id'), need(body, 'mode'))).plan,
  paperMachineCheckAigcMachineSubmit: async (deps, userId, body) => (await loweringPlan(deps, userId, need(body, 'id'), need(body, 'mode'))).plan,
  paperAigcSubmitCheck: async (deps, userId, body) => (await redetectPlan(deps, userId, need(body, 'id'))).plan,
  paperMachineMachineSubmit: (deps, userId, body) => rewriteSubmitPlan(deps, userId, need(body, 'id'), 'paper', PAPER_MODES),
  machineMachineSubmit: (deps, userId, body) => rewriteSubmitPlan(deps, userId, need(body, 'id'), 'machine', ['smart']),
  machineMachineCnkiSubmit: (deps, userId, body) => rewriteSubmitPlan(deps, userId, need(body, 'id'), 'machine', ['cnki']),
  paperMachineSubmitCheck: async (deps, userId, body) => (await recheckPlan(deps, userId, need(body, 'id'))).plan,
  paperMachineCheckMachineSubmit: async (deps, userId, body) => (await fromCheckPlan(deps, userId, need(body, 'id'), need(body, 'mode') as RewriteRecordMode)).plan,
  paperMachineCheckAigcAndMachineSubmit: (deps, userId, body) => checkAndDetectPlan(deps, userId, need(body, 'id'), need(body, 'mode')),
  aiPaperInfoCommitPaper: async (deps, userId, body) => (await commitPlan(deps, userId, { id: need(body, 'id'), outline: need(body, 'outline') })).plan,
  aiPaperInfoReload: async (deps, userId, body) => (await sectionReloadPlan(deps, userId, need(body, 'id'), 'ai')).plan,
  paperInfoReload: async (deps, userId, body) => (await sectionReloadPlan(deps, userId, need(body, 'id'), 'info')).plan,
  paperInfoPaperSubmit: (deps, _userId, body) => classicPaperPlan(deps, need(body, 'title'), need(body, 'length'), 'thesis'),
  paperInfoPaperXueshuSubmit: (deps, _userId, body) => classicPaperPlan(deps, need(body, 'title'), need(body, 'length'), 'journal'),
  aiPptInfoSubmitById: (deps, userId, body) => deckSubmitPlan(deps, userId, need(body, 'id')),
  chatGptCompletions: (deps) => answerPlan(deps),
  chatGptCompletionsStream: (deps) => answerPlan(deps),
  checkWorkbenchSubmitCheck: async (deps, userId, body) => (await editedCheckPlan(deps, userId, need(body, 'id'))).plan,
  checkWorkbenchSuggestModel: async (deps, userId, body) => {
    const sentence = { id: need(body, 'id'), index: need(body, 'index'), paragraph: need(body, 'paragraph'), start: need(body, 'start'), end: need(body, 'end') };
    return (await modelSuggestPlan(deps, userId, sentence)).plan;
  },
};

/** charge_quote: what a charging call would charge this user now, for what, and the balance after. */
export async function chargeQuote(deps: QuoteDeps, userId: string, body: Body): Promise<ChargeQuote> {
  const plan = await PLANS[body.operation](deps, userId, body);
  return quoteOf(deps.db, userId, plan);
}

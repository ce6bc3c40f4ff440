import type { Config } from '../../config';

/**
 * Model work that is not charged: each is free a few times a day per account and per network address, then
 * refused (429 FREE_USES_EXHAUSTED) until the next day in China time. Priced work (checks, rewrites, papers,
 * decks, chat answers) is not counted here: it is charged, with its price shown before.
 * - reduction: paper_machine_api/reduction, a passage of at most 2 000 characters rewritten at once
 * - outline: ai_paper_info_api/generate_paper, the model's outline of a new paper
 * - pptDraft: a slide deck's outline drafted by the model (from a topic; from a paper, the model's refinement)
 * - reload: one paragraph rewritten again (降重, 降AIGC) or re-scored with the model (AIGC检测)
 */
export const FREE_ACTIONS = ['reduction', 'outline', 'pptDraft', 'reload'] as const;
export type FreeAction = (typeof FREE_ACTIONS)[number];

export const FREE_ACTION_LABELS: Record<FreeAction, string> = {
  reduction: '即时改写',
  outline: 'AI 生成论文大纲',
  pptDraft: 'AI 生成 PPT 大纲',
  reload: '重新生成段落',
};

export interface FreeLimit {
  perAccount: number;
  perAddress: number;
}

type LimitConfig = Pick<
  Config,
  'FREE_REDUCTIONS_PER_DAY' | 'FREE_OUTLINES_PER_DAY' | 'FREE_PPT_DRAFTS_PER_DAY' | 'FREE_RELOADS_PER_DAY' | 'FREE_USES_ADDRESS_FACTOR'
>;

/** Each action's daily allowance; an address (a campus NAT, or one person's many accounts) gets FREE_USES_ADDRESS_FACTOR accounts' worth. */
export function freeLimits(config: LimitConfig): Record<FreeAction, FreeLimit> {
  const limit = (perAccount: number): FreeLimit => ({ perAccount, perAddress: perAccount * config.FREE_USES_ADDRESS_FACTOR });
  return {
    reduction: limit(config.FREE_REDUCTIONS_PER_DAY),
    outline: limit(config.FREE_OUTLINES_PER_DAY),
    pptDraft: limit(config.FREE_PPT_DRAFTS_PER_DAY),
    reload: limit(config.FREE_RELOADS_PER_DAY),
  };
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The calendar day in China time (UTC+8, no daylight saving), e.g. 2026-05-01. */
export const chinaDay = (at: Date, daysBefore = 0) => new Date(at.getTime() + CHINA_OFFSET_MS - daysBefore * DAY_MS).toISOString().slice(0, 10);

/** Seconds until the next midnight in China time, when the allowances start again. */
export function secondsToNextDay(at: Date): number {
  const local = at.getTime() + CHINA_OFFSET_MS;
  return Math.max(1, Math.ceil((DAY_MS - (local % DAY_MS)) / 1000));
}

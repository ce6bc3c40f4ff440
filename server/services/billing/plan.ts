import type { Executor } from '../../db/client';
import { balanceOf } from './balance';
import { FREE_CHECK_NOTE } from './charges';
import type { Rate } from './prices';

/**
 * What a paid action will charge, computed by the same function the action charges with, so a quote
 * (charge_quote) and the ledger can never disagree: the amount and the ledger note.
 */
export interface ChargePlan {
  priceFen: number;
  /** The ledger note the charge will be recorded with: what the money is for. */
  note: string;
  /** The counted characters the price was computed from, where it was. */
  charCount: number | null;
  /** The unit price, where one rate gave the price. */
  rate: Rate | null;
  /** Rewording only: whether a model or the offline engine will do the work. */
  engine: 'model' | 'offline' | null;
  /** The account's first free check pays instead of the balance. */
  freeCheck: boolean;
  /** fixed: exactly priceFen; per_answer (chat): at most priceFen, by the characters an answer delivers. */
  billing: 'fixed' | 'per_answer';
}

export function chargePlan(plan: Pick<ChargePlan, 'priceFen' | 'note'> & Partial<ChargePlan>): ChargePlan {
  return { charCount: null, rate: null, engine: null, freeCheck: false, billing: 'fixed', ...plan };
}

export interface ChargeQuote extends Omit<ChargePlan, 'note'> {
  /** What the balance pays: nothing with the free check, else the price (per_answer: at most). */
  chargeFen: number;
  /** What the ledger will say (the note, as a free check records it). */
  purpose: string;
  balanceFen: number;
  /** The balance after the charge; null when the balance does not cover it. */
  balanceAfterFen: number | null;
  enough: boolean;
}

/** A plan with the caller's balance: what they will pay, for what, and what stays. */
export async function quoteOf(db: Executor, userId: string, plan: ChargePlan): Promise<ChargeQuote> {
  const { note, ...rest } = plan;
  const balanceFen = await balanceOf(db, userId);
  const chargeFen = plan.freeCheck ? 0 : plan.priceFen;
  const enough = balanceFen >= chargeFen;
  return {
    ...rest,
    chargeFen,
    purpose: plan.freeCheck ? `${note}${FREE_CHECK_NOTE}` : note,
    balanceFen,
    balanceAfterFen: enough ? balanceFen - chargeFen : null,
    enough,
  };
}

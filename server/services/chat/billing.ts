import { and, eq, gt, sql } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Executor } from '../../db/client';
import { type ServicePrice, servicePrices } from '../../db/schema/packages';
import { tasks } from '../../db/schema/tasks';
import { countChars } from '@common/char-count';
import { conflict } from '../../errors';
import { balanceOf } from '../billing/balance';
import { type ChargePlan, chargePlan } from '../billing/plan';
import { computePrice } from '../billing/prices';

// Chat is charged per 1 000 characters of answer (service_prices row `chat`, `npm run cli -- price set chat`),
// for what was delivered. While an answer is being written, its task holds the price of the longest answer
// allowed (CHAT_MAX_ANSWER_CHARS) as a reservation, so answers running at once can never overdraw the balance;
// the reservation lapses with the task's lease if its process dies.
export const CHAT_SERVICE = 'chat';

export async function chatPrice(db: Executor): Promise<ServicePrice> {
  const [price] = await db.orm.select().from(servicePrices).where(eq(servicePrices.service, CHAT_SERVICE)).limit(1);
  if (!price) throw new Error('No price configured for service "chat" (run the migrations)');
  return price;
}

/** The price of an answer: nothing for an empty one, else max(min, ceil(chars / unit) × unit price). */
export function answerPriceFen(price: ServicePrice, content: string): number {
  const chars = countChars(content);
  return chars === 0 ? 0 : computePrice(price, chars);
}

/** Balance not held by the user's answers being written right now. */
export async function availableFen(tx: Executor, userId: string): Promise<number> {
  const [held] = await tx.orm
    .select({ fen: sql<number>`coalesce(sum(${tasks.priceFen}), 0)::int` })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.kind, 'chat'),
        eq(tasks.status, 'running'),
        gt(tasks.leaseExpiresAt, sql`now()`),
      ),
    );
  return (await balanceOf(tx, userId)) - held.fen;
}

export const chatBalanceTooLow = (reserveFen: number) =>
  conflict(
    'INSUFFICIENT_BALANCE',
    `余额不足，请先充值（每次提问需可用余额不少于 ${(reserveFen / 100).toFixed(2)} 元，按实际回答字数扣费）`,
  );

/**
 * What asking costs (charge_quote): each answer is charged by the characters it delivers, a stopped or failed
 * one by what arrived before it ended; priceFen is the most one answer can cost (the longest answer allowed).
 */
export async function answerPlan(deps: Deps): Promise<ChargePlan> {
  const price = await chatPrice(deps.db);
  const rate = { unitChars: price.unitChars, unitFen: price.unitFen, minFen: price.minFen };
  const longest = deps.config.CHAT_MAX_ANSWER_CHARS;
  return chargePlan({ priceFen: computePrice(rate, longest), rate, charCount: longest, billing: 'per_answer', note: '智能对话：每次回答按实际回答字数计费' });
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { servicePrices } from '../../db/schema/packages';
import { computePrice, type Rate } from '@common/price';

export { computePrice, type Rate };

/**
 * Pricing: every service has a row in service_prices (seeded by migration 0001, editable with
 * `npm run cli -- price set`): price = max(minFen, ceil(chars / unitChars) * unitFen).
 * Seeded: check and aigc 1 元 per 1 000 characters (at least 3 元), rewrite and aigc_rewrite (the model
 * ways) 3 元 per 1 000 (at least 5 元), rewrite_offline (the offline engine) 1.5 元 per 1 000 (at least 3 元),
 * paper 0.5 元 per 1 000 (at least 9.9 元), ppt 9.9 元 per deck, chat 0.1 元 per 1 000 characters of answer.
 */
export async function priceFor(db: Executor, service: string, chars: number): Promise<number> {
  return (await ratedPrice(db, service, chars)).priceFen;
}

/** A service's rate, as its service_prices row sets it. */
export async function serviceRate(db: Executor, service: string): Promise<Rate> {
  const [price] = await db.orm.select().from(servicePrices).where(eq(servicePrices.service, service)).limit(1);
  if (!price) throw new Error(`No price configured for service "${service}"`);
  return { unitChars: price.unitChars, unitFen: price.unitFen, minFen: price.minFen };
}

/** The price of `chars` characters of a service, with the rate it was computed by. */
export async function ratedPrice(db: Executor, service: string, chars: number): Promise<{ priceFen: number; rate: Rate }> {
  const rate = await serviceRate(db, service);
  return { priceFen: computePrice(rate, chars), rate };
}

/** The rate of a service, when it gives the price a task was priced at (a draft keeps its price; a rate may have changed since). */
export async function rateOf(db: Executor, service: string, chars: number, priceFen: number): Promise<Rate | null> {
  const { priceFen: now, rate } = await ratedPrice(db, service, chars);
  return now === priceFen ? rate : null;
}

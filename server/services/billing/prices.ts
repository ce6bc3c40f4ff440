import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { servicePrices } from '../../db/schema/packages';

/**
 * Pricing: every service has a row in service_prices (seeded by migration 0001, editable with
 * `npm run cli -- price set`): price = max(minFen, ceil(chars / unitChars) * unitFen).
 * Seeded: check and aigc 1 元 per 1 000 characters (at least 3 元), rewrite and aigc_rewrite 3 元
 * per 1 000 (at least 5 元), paper 0.5 元 per 1 000 (at least 9.9 元), ppt 9.9 元 per deck.
 */
export async function priceFor(db: Executor, service: string, chars: number): Promise<number> {
  const [price] = await db.orm.select().from(servicePrices).where(eq(servicePrices.service, service)).limit(1);
  if (!price) throw new Error(`No price configured for service "${service}"`);
  return computePrice(price, chars);
}

export function computePrice(price: { unitChars: number; unitFen: number; minFen: number }, chars: number): number {
  const units = Math.ceil(Math.max(0, chars) / price.unitChars);
  return Math.max(price.minFen, units * price.unitFen);
}

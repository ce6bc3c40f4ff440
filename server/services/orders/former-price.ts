import { and, desc, eq, gte, lt, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { type Package, packagePriceChanges, packages } from '../../db/schema/packages';

const WEEK_MS = 7 * 86_400_000;

/**
 * The 原价 a package may show struck through: only a price this instance really sold it at, as 《明码标价和禁止
 * 价格欺诈规定》 asks of a 原价 — the lowest price paid for it in the 7 days before its current price took effect
 * (the last change recorded by `package set --price-fen`), or, with no sale in those days, the price of its last
 * sale before that. None when the price was never changed, never sold before the change, or was not lowered.
 */
export async function formerPriceOf(db: Executor, pkg: Pick<Package, 'id' | 'priceFen'>): Promise<number | null> {
  const [change] = await db.orm
    .select()
    .from(packagePriceChanges)
    .where(eq(packagePriceChanges.packageId, pkg.id))
    .orderBy(desc(packagePriceChanges.changedAt), desc(packagePriceChanges.id))
    .limit(1);
  if (!change || change.toFen !== pkg.priceFen) return null;
  const paidBefore = and(eq(orders.packageId, pkg.id), eq(orders.status, 'paid'), lt(orders.paidAt, change.changedAt));
  const [week] = await db.orm
    .select({ fen: min(orders.amountFen) })
    .from(orders)
    .where(and(paidBefore, gte(orders.paidAt, new Date(change.changedAt.getTime() - WEEK_MS))));
  let former = week?.fen ?? null;
  if (former === null) {
    const [last] = await db.orm.select({ fen: orders.amountFen }).from(orders).where(paidBefore).orderBy(desc(orders.paidAt)).limit(1);
    former = last?.fen ?? null;
  }
  return former !== null && former > pkg.priceFen ? former : null;
}

/** Sets a package's price and records the change (in the caller's transaction, or its own). */
export async function setPackagePrice(db: Executor, id: string, priceFen: number, at = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.orm.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!current || current.priceFen === priceFen) return;
    await tx.orm.update(packages).set({ priceFen, updatedAt: at }).where(eq(packages.id, id));
    await tx.orm.insert(packagePriceChanges).values({ packageId: id, fromFen: current.priceFen, toFen: priceFen, changedAt: at });
  });
}

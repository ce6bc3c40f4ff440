import { and, desc, eq, gte, inArray, lt, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { type Package, packagePriceChanges, packages } from '../../db/schema/packages';

const WEEK_MS = 7 * 86_400_000;

type Priced = Pick<Package, 'id' | 'priceFen'>;

/**
 * The 原价 a package may show struck through: only a price this instance really sold it at, as 《明码标价和禁止
 * 价格欺诈规定》 asks of a 原价 — the lowest price paid for it in the 7 days before its current price took effect
 * (the last change recorded by `package set --price-fen`), or, with no sale in those days, the price of its last
 * sale before that. None when the price was never changed, never sold before the change, or was not lowered.
 */
export async function formerPriceOf(db: Executor, pkg: Priced): Promise<number | null> {
  return (await formerPricesOf(db, [pkg])).get(pkg.id) ?? null;
}

/** formerPriceOf for a page of packages: their last changes read in one query, orders only where a change set the current price. */
export async function formerPricesOf(db: Executor, pkgs: Priced[]): Promise<Map<string, number | null>> {
  const changes = pkgs.length === 0
    ? []
    : await db.orm
        .selectDistinctOn([packagePriceChanges.packageId])
        .from(packagePriceChanges)
        .where(inArray(packagePriceChanges.packageId, pkgs.map((p) => p.id)))
        .orderBy(packagePriceChanges.packageId, desc(packagePriceChanges.changedAt), desc(packagePriceChanges.id));
  const lastChange = new Map(changes.map((c) => [c.packageId, c]));
  const former = await Promise.all(
    pkgs.map(async (pkg) => {
      const change = lastChange.get(pkg.id);
      return change && change.toFen === pkg.priceFen ? formerPriceBefore(db, pkg, change.changedAt) : null;
    }),
  );
  return new Map(pkgs.map((pkg, i) => [pkg.id, former[i]]));
}

async function formerPriceBefore(db: Executor, pkg: Priced, changedAt: Date): Promise<number | null> {
  const paidBefore = and(eq(orders.packageId, pkg.id), eq(orders.status, 'paid'), lt(orders.paidAt, changedAt));
  const [week] = await db.orm
    .select({ fen: min(orders.amountFen) })
    .from(orders)
    .where(and(paidBefore, gte(orders.paidAt, new Date(changedAt.getTime() - WEEK_MS))));
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

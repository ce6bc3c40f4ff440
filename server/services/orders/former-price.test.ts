import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { packagePriceChanges, packages } from '../../db/schema/packages';
import { openTestDatabase } from '../../test/database';
import { makeUser } from '../../test/fixtures';
import { formerPriceOf, formerPricesOf, setPackagePrice } from './former-price';

const DAY = 86_400_000;
const at = (day: number) => new Date(Date.UTC(2026, 2, 1) + day * DAY);

// A 原价 is shown only where this instance really sold at it: the recorded change of price and the paid orders
// before it (the 7-day rule of 《明码标价和禁止价格欺诈规定》), never a number typed in.
describe('former prices', () => {
  let db: Database;
  let buyer: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    buyer = await makeUser(db);
  });
  afterAll(async () => {
    await db.close();
  });

  let orderNo = 0;
  async function sold(packageId: string, amountFen: number, day: number, status: 'paid' | 'refunded' | 'closed' = 'paid') {
    await db.orm.insert(orders).values({
      orderNo: `T${++orderNo}`,
      userId: buyer,
      packageId,
      packageName: packageId,
      packageType: 'check',
      amountFen,
      creditFen: amountFen,
      status,
      payChannel: 'sandbox',
      createdAt: at(day),
      expiresAt: at(day + 1),
      paidAt: status === 'closed' ? null : at(day),
    });
  }
  const current = async (id: string) => (await db.orm.select().from(packages).where(eq(packages.id, id)))[0];

  it('shows none for the seeded packages: no price was ever changed', async () => {
    for (const p of await db.orm.select().from(packages)) expect(await formerPriceOf(db, p)).toBeNull();
  });

  it('is the lowest price paid in the 7 days before a reduction', async () => {
    await sold('pkg-check', 2990, 0);
    await sold('pkg-check', 3990, 5);
    await sold('pkg-check', 3490, 8);
    await setPackagePrice(db, 'pkg-check', 1990, at(10));
    expect(await formerPriceOf(db, await current('pkg-check'))).toBe(3490);
    expect(await db.orm.select().from(packagePriceChanges).where(eq(packagePriceChanges.packageId, 'pkg-check'))).toMatchObject([
      { fromFen: 2990, toFen: 1990 },
    ]);
  });

  it('is the last sale before the change when none fell in those 7 days; refunded and unpaid orders do not count', async () => {
    await sold('pkg-ppt', 2490, 0);
    await sold('pkg-ppt', 1990, 20, 'refunded');
    await sold('pkg-ppt', 900, 21, 'closed');
    await setPackagePrice(db, 'pkg-ppt', 1490, at(30));
    expect(await formerPriceOf(db, await current('pkg-ppt'))).toBe(2490);
  });

  it('shows none when it was never sold before the change, or the price went up, or changed by other means', async () => {
    await setPackagePrice(db, 'pkg-aigc', 3990, at(10));
    expect(await formerPriceOf(db, await current('pkg-aigc'))).toBeNull();

    await sold('pkg-paper', 9900, 1);
    await setPackagePrice(db, 'pkg-paper', 12900, at(2));
    expect(await formerPriceOf(db, await current('pkg-paper'))).toBeNull();

    await sold('pkg-rewrite', 4990, 1);
    await setPackagePrice(db, 'pkg-rewrite', 2990, at(2));
    await db.orm.update(packages).set({ priceFen: 3990 }).where(eq(packages.id, 'pkg-rewrite'));
    expect(await formerPriceOf(db, await current('pkg-rewrite'))).toBeNull();
  });

  it('gives a page of packages what each shows alone, each by its own last change', async () => {
    await sold('pkg-recharge-3000', 3000, 40);
    await setPackagePrice(db, 'pkg-recharge-3000', 2500, at(41));
    await setPackagePrice(db, 'pkg-recharge-3000', 2800, at(42));
    const all = await db.orm.select().from(packages);
    const page = await formerPricesOf(db, all);
    expect(Object.fromEntries([...page].filter(([, fen]) => fen !== null))).toEqual({ 'pkg-check': 3490, 'pkg-ppt': 2490, 'pkg-recharge-3000': 3000 });
    expect([...page.keys()].sort()).toEqual(all.map((p) => p.id).sort());
  });

  it('records nothing when the price is set to what it already is', async () => {
    await setPackagePrice(db, 'pkg-recharge-1000', 1000, at(3));
    expect(await db.orm.select().from(packagePriceChanges).where(eq(packagePriceChanges.packageId, 'pkg-recharge-1000'))).toEqual([]);
  });
});

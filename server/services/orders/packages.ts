import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Package, type PackageType, packages } from '../../db/schema/packages';
import { notFound } from '../../errors';
import { type Page, type PageQuery, offsetOf } from '../paging';
import { formerPriceOf, formerPricesOf } from './former-price';

export interface PackageView {
  id: string;
  name: string;
  type: PackageType;
  priceFen: number;
  originalPriceFen: number | null;
  creditFen: number;
  description: string;
  features: string[];
  sort: number;
  recommended: boolean;
}

/** A package as sold, with its former price only where the orders show it was really sold at it. */
export async function packageView(db: Executor, p: Package): Promise<PackageView> {
  return viewWith(p, await formerPriceOf(db, p));
}

function viewWith(p: Package, formerPriceFen: number | null): PackageView {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    priceFen: p.priceFen,
    originalPriceFen: formerPriceFen,
    creditFen: p.creditFen,
    description: p.description,
    features: p.features,
    sort: p.sort,
    recommended: p.recommended,
  };
}

/** The active packages of the types on sale (server/services/orders/for-sale.ts), optionally of one type. */
export async function listPackages(
  db: Executor,
  page: PageQuery,
  forSale: readonly PackageType[],
  type?: PackageType,
): Promise<Page<PackageView>> {
  const types = type ? forSale.filter((t) => t === type) : forSale;
  if (types.length === 0) return { records: [], total: 0, pageNo: page.pageNo, pageSize: page.pageSize };
  const where = and(eq(packages.active, true), inArray(packages.type, types));
  const [{ total }] = await db.orm.select({ total: count() }).from(packages).where(where);
  const rows = await db.orm
    .select()
    .from(packages)
    .where(where)
    .orderBy(asc(packages.sort), asc(packages.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const former = await formerPricesOf(db, rows);
  return { records: rows.map((row) => viewWith(row, former.get(row.id) ?? null)), total: Number(total), pageNo: page.pageNo, pageSize: page.pageSize };
}

/** An active package; unknown and withdrawn ones are both NOT_FOUND. */
export async function getPackage(db: Executor, id: string): Promise<Package> {
  const [row] = await db.orm
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.active, true)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

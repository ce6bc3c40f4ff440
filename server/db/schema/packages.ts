import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const packageTypes = ['check', 'rewrite', 'aigc', 'paper', 'ppt', 'recharge'] as const;
export type PackageType = (typeof packageTypes)[number];

// Ids are stable (pkg-check, pkg-recharge-1000 ...): the seed migration, the CLI and the contract tests use them.
export const packages = pgTable(
  'packages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: packageTypes }).notNull(),
    priceFen: integer('price_fen').notNull(),
    creditFen: integer('credit_fen').notNull(),
    description: text('description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('packages_type_check', sql`${t.type} in ('check', 'rewrite', 'aigc', 'paper', 'ppt', 'recharge')`),
    check('packages_price_check', sql`${t.priceFen} > 0 and ${t.creditFen} >= 0`),
  ],
);

export type Package = typeof packages.$inferSelect;

// Every change of a package's price, written by `npm run cli -- package set --price-fen`. A former price is
// shown (struck through) only from this history and the orders really paid at it (services/orders/former-price.ts).
export const packagePriceChanges = pgTable(
  'package_price_changes',
  {
    id: serial('id').primaryKey(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    fromFen: integer('from_fen').notNull(),
    toFen: integer('to_fen').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('package_price_changes_package_idx').on(t.packageId, t.changedAt)],
);

export type PackagePriceChange = typeof packagePriceChanges.$inferSelect;

// Per-service unit prices: price = max(minFen, ceil(chars / unitChars) * unitFen).
export const servicePrices = pgTable(
  'service_prices',
  {
    service: text('service').primaryKey(),
    name: text('name').notNull(),
    unitChars: integer('unit_chars').notNull(),
    unitFen: integer('unit_fen').notNull(),
    minFen: integer('min_fen').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('service_prices_check', sql`${t.unitChars} > 0 and ${t.unitFen} >= 0 and ${t.minFen} >= 0`)],
);

export type ServicePrice = typeof servicePrices.$inferSelect;

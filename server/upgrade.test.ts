import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from './services/billing/balance';
import { getOwnTask } from './services/tasks/tasks';
import { createTestDatabase } from './test/database';
import { grant } from './test/fixtures';
import { type Database, openDatabase } from './db/client';
import { migrateEmbedded, migratePostgres, migrationTimes, withMigrationsUpTo } from './db/migrate';
import { orders } from './db/schema/orders';
import { users } from './db/schema/users';

// The oldest release's schema is the first two migrations (0000_init and 0001_seed_packages: tables, then the
// packages an order needs). A database made by it, with accounts, orders, a ledger and tasks in the columns it had,
// is opened by this release (which applies the rest at start-up, as an upgrade does) and everything is still there.
// On PGlite under `npm test`; on PostgreSQL under `npm run test:pg` (TEST_DATABASE_URL).
const OLDEST = 2;

type Run = (text: string, params?: unknown[]) => Promise<unknown>;

async function oldRelease(fill: (run: Run) => Promise<void>): Promise<{ open(): Promise<Database>; dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const fresh = await createTestDatabase(serverUrl);
    const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
    try {
      await withMigrationsUpTo(OLDEST, (folder) => migratePostgres(pool, folder));
      await fill((text, params) => pool.query(text, params));
    } finally {
      await pool.end();
    }
    return { open: () => openDatabase({ databaseUrl: fresh.url, poolSize: 2 }), dispose: fresh.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-upgrade-'));
  const client = await PGlite.create(join(dataDir, 'pglite'));
  try {
    await withMigrationsUpTo(OLDEST, (folder) => migrateEmbedded(client, folder));
    await fill((text, params) => client.query(text, params));
  } finally {
    await client.close();
  }
  return { open: () => openDatabase({ dataDir }), dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe('upgrading a database made by the oldest release', () => {
  let old: Awaited<ReturnType<typeof oldRelease>>;
  let db: Database;

  beforeAll(async () => {
    old = await oldRelease(async (run) => {
      await run(`insert into users (id, username, phone, qr_signup) values ('u-zhang', '张三', '13800000001', false), ('u-li', '李四', null, true)`);
      await run(
        `insert into orders (id, order_no, user_id, package_id, package_name, amount_fen, credit_fen, status, pay_channel, expires_at, paid_at)
         values ('o-1', 'MY202601010001', 'u-zhang', 'pkg-check', '查重套餐', 2990, 3500, 'paid', 'wechat', now() + interval '1 hour', now())`,
      );
      await run(
        `insert into tasks (id, kind, user_id, title, status, progress, price_fen, char_count, offline, payload, result, finished_at)
         values ('t-done', 'check', 'u-zhang', '毕业论文终稿', 'done', 100, 300, 12000, true, '{"fileName":"终稿.docx"}', '{"ratio":0.123}', now()),
                ('t-failed', 'check', 'u-zhang', '开题报告', 'failed', 40, 200, 8000, true, '{}', null, now()),
                ('t-queued', 'check', 'u-li', '文献综述', 'queued', 0, 0, 3000, true, '{}', null, null)`,
      );
      await run(
        `insert into ledger_entries (id, user_id, kind, amount_fen, order_id, task_id, note) values
           ('l-1', 'u-zhang', 'recharge', 3500, 'o-1', null, '查重套餐'),
           ('l-2', 'u-zhang', 'charge', -300, null, 't-done', '查重'),
           ('l-3', 'u-zhang', 'charge', -200, null, 't-failed', '查重'),
           ('l-4', 'u-zhang', 'refund', 200, null, 't-failed', '查重失败退款')`,
      );
    });
    db = await old.open();
  }, 180_000);

  afterAll(async () => {
    await db?.close();
    await old?.dispose();
  });

  it('applies every later migration', async () => {
    const [row] = await db.sql<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(row.n).toBe(migrationTimes().length);
    expect(row.n).toBeGreaterThan(OLDEST);
  });

  it('keeps the accounts, their balances, orders and tasks', async () => {
    const accounts = await db.orm.select({ id: users.id, username: users.username, phone: users.phone }).from(users).orderBy(users.id);
    expect(accounts).toEqual([
      { id: 'u-li', username: '李四', phone: null },
      { id: 'u-zhang', username: '张三', phone: '13800000001' },
    ]);
    expect(await balanceOf(db, 'u-zhang')).toBe(3200);
    expect(await balanceOf(db, 'u-li')).toBe(0);
    const [order] = await db.orm.select().from(orders).where(eq(orders.id, 'o-1'));
    expect(order).toMatchObject({ status: 'paid', amountFen: 2990, creditFen: 3500, packageType: 'check' });
    expect(await getOwnTask(db, 'u-zhang', 't-done')).toMatchObject({ status: 'done', title: '毕业论文终稿', priceFen: 300, result: { ratio: 0.123 } });
    expect(await getOwnTask(db, 'u-zhang', 't-failed')).toMatchObject({ status: 'failed', progress: 40 });
    expect(await getOwnTask(db, 'u-li', 't-queued')).toMatchObject({ status: 'queued', charCount: 3000 });
  });

  it('numbers new ledger entries after the old ones', async () => {
    await grant(db, 'u-li', 100);
    const rows = await db.sql<{ id: string; seq: string }>(`select id, seq::text as seq from ledger_entries order by seq`);
    expect(rows.map((r) => r.id).slice(0, 4)).toEqual(['l-1', 'l-2', 'l-3', 'l-4']);
    expect(await balanceOf(db, 'u-li')).toBe(100);
  });
});

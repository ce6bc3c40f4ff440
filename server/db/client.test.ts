import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { type Database, openDatabase, toSql } from './client';
import { packages } from './schema/packages';
import { users } from './schema/users';

describe('database client', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies the migrations, including the package seed with stable ids', async () => {
    const rows = await db.orm.select({ id: packages.id }).from(packages);
    expect(rows.map((r) => r.id).sort()).toEqual(
      [
        'pkg-aigc',
        'pkg-check',
        'pkg-paper',
        'pkg-ppt',
        'pkg-recharge-1000',
        'pkg-recharge-10000',
        'pkg-recharge-20000',
        'pkg-recharge-3000',
        'pkg-recharge-5000',
        'pkg-rewrite',
      ].sort(),
    );
  });

  it('runs raw SQL with numbered parameters, reusing and reordering them', async () => {
    const rows = await db.sql<{ a: string; b: number; c: string }>('select $2::text as a, $1::int as b, $2::text as c', [
      7,
      'x',
    ]);
    expect(rows).toEqual([{ a: 'x', b: 7, c: 'x' }]);
    const [count] = await db.sql<{ n: number }>('select count(*)::int as n from packages where type = $1', ['recharge']);
    expect(count.n).toBe(5);
  });

  it('refuses a placeholder without a value', () => {
    expect(() => toSql('select $2', [1])).toThrow(/\$2/);
  });

  it('rolls back a failed transaction, raw SQL and query builder alike', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.orm.insert(users).values({ username: 'rollback-me' });
        await tx.sql('update packages set price_fen = $1 where id = $2', [1, 'pkg-check']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.orm.select().from(users).where(eq(users.username, 'rollback-me'))).toEqual([]);
    const [pkg] = await db.orm.select().from(packages).where(eq(packages.id, 'pkg-check'));
    expect(pkg.priceFen).toBe(2990);
  });

  it('commits a transaction and sees it afterwards', async () => {
    await db.transaction(async (tx) => {
      await tx.orm.insert(users).values({ username: 'committed' });
    });
    const rows = await db.sql<{ username: string }>('select username from users where username = $1', ['committed']);
    expect(rows).toEqual([{ username: 'committed' }]);
  });
});

describe('embedded database on disk', () => {
  it('keeps its data across close and reopen, and migrating twice changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moyan-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.orm.insert(users).values({ username: 'persisted' });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const rows = await second.orm.select({ username: users.username }).from(users);
      const [seeded] = await second.sql<{ n: number }>('select count(*)::int as n from packages');
      await second.close();
      expect(rows).toEqual([{ username: 'persisted' }]);
      expect(seeded.n).toBe(10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded database lock', () => {
  it('refuses a second open of the same data directory while the first is open, and allows it after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moyan-lock-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/正被进程 \d+ 使用/);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

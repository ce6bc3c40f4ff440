import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register as registerDb } from './cli/db';
import { register as registerOrder } from './cli/order';
import { register as registerPackage } from './cli/package';
import { register as registerUser } from './cli/user';
import { openDatabase } from './db/client';

// The commands run in-process against an embedded database in a temporary DATA_DIR, as
// `npm run cli -- ...` would.
describe('CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-cli-'));
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let output: string[];

  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  async function run(...args: string[]): Promise<string> {
    output = [];
    const capture = (...values: unknown[]) => output.push(values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'table').mockImplementation(capture);
    const program = new Command().exitOverride();
    for (const register of [registerDb, registerUser, registerPackage, registerOrder]) register(program);
    await program.parseAsync(args, { from: 'user' });
    return output.join('\n');
  }

  it('migrates, creates a user who can then be found, edits a package price and lists orders', async () => {
    expect(await run('db', 'migrate')).toMatch(/数据库（pglite）已是最新：共 \d+ 个迁移/);
    expect(await run('user', 'create', '--username', 'operator', '--password', 'Moyan2026!')).toMatch(/已创建用户 operator/);
    await expect(run('user', 'create', '--username', 'operator', '--password', 'Moyan2026!')).rejects.toThrow('该用户名已被注册');
    await expect(run('user', 'create', '--username', 'op', '--password', 'Moyan2026!')).rejects.toThrow(/username/);

    expect(await run('package', 'set', 'pkg-check', '--price-fen', '1990', '--name', '查重特惠')).toBe(
      '已更新 pkg-check：查重特惠，售价 19.90 元，到账 35.00 元',
    );
    await expect(run('package', 'set', 'pkg-check', '--price-fen', '-5')).rejects.toThrow('不是有效的金额');
    await expect(run('package', 'set', 'pkg-none', '--price-fen', '100')).rejects.toThrow('套餐不存在');
    await expect(run('package', 'set', 'pkg-check')).rejects.toThrow('没有要修改的内容');
    const list = await run('package', 'list');
    expect(list).toContain('查重特惠');
    expect(list).toContain('19.90');

    expect(await run('price', 'set', 'check', '--unit-fen', '120')).toBe('已更新 check：每 1000 字 1.20 元，最低 3.00 元');
    expect(await run('order', 'list')).toBe('没有订单');
    await expect(run('order', 'list', '--status', 'lost')).rejects.toThrow('未知状态');

    const db = await openDatabase({ dataDir });
    try {
      const [user] = await db.sql<{ username: string; password_hash: string }>('select username, password_hash from users');
      expect(user.username).toBe('operator');
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      const [pkg] = await db.sql<{ price_fen: number }>("select price_fen from packages where id = 'pkg-check'");
      expect(pkg.price_fen).toBe(1990);
    } finally {
      await db.close();
    }
    // Each command opens the on-disk embedded database anew, the first one creating it (PGlite's initdb).
  }, 120_000);
});

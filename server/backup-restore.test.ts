import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from './services/billing/balance';
import { ReferenceLibrary } from './services/library/library';
import { createTask } from './services/tasks/tasks';
import { depsFor, grant, makeUser } from './test/fixtures';
import { restoreBackup, writeBackup } from './db/backup';
import { type Database, openDatabase } from './db/client';
import { migrationTimes } from './db/migrate';

/** Every row of every table in the public schema, as text, and every sequence's position. */
async function everything(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.sql<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    all[name] = (await db.sql<{ r: string }>(`select row_to_json(t)::text as r from public."${name}" t`)).map((x) => x.r).sort();
  }
  all['(sequences)'] = (await db.sql<{ s: string }>(`select sequencename || '=' || coalesce(last_value::text, '-') as s from pg_sequences order by 1`)).map(
    (x) => x.s,
  );
  return all;
}

// Each restore creates a PGlite database on disk and migrates it: seconds on a quiet machine, a minute under load.
describe('db backup and restore of the embedded database', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'moyan-backup-'));
  const file = join(root, 'moyan.backup.gz');
  let source: Database;
  let users: string[];
  let before: Record<string, string[]>;

  beforeAll(async () => {
    source = await openDatabase({ dataDir: join(root, 'source') });
    users = [await makeUser(source), await makeUser(source, { qrSignup: true })];
    await grant(source, users[0], 12_345);
    await grant(source, users[1], 700);
    await createTask(depsFor(source), { kind: 'check', userId: users[0], title: '毕业论文初稿', priceFen: 300, payload: { note: '引号"与\\反斜杠\n换行' } });
    await new ReferenceLibrary(source).addDocuments([
      { id: 'lib-1', title: '人工智能与学术写作', text: '人工智能正在改变学术写作的方式。'.repeat(40), year: 2024 },
      { id: 'lib-2', title: '论文查重的原理', text: '查重系统把论文切成片段并计算指纹。'.repeat(30) },
    ]);
    before = await everything(source);
    expect(await writeBackup(source, file)).toMatchObject({ rows: expect.any(Number) });
  }, 60_000);

  afterAll(async () => {
    await source?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores into a fresh data directory every account, balance, record, library document and sequence', async () => {
    const fresh = join(root, 'fresh');
    const restored = await restoreBackup(file, fresh);
    expect(restored.setAside).toBeNull();
    const db = await openDatabase({ dataDir: fresh });
    try {
      expect(await everything(db)).toEqual(before);
      expect(before.users).toHaveLength(2);
      expect(before.tasks).toHaveLength(1);
      expect(before.library_documents).toHaveLength(2);
      expect(await balanceOf(db, users[0])).toBe(12_345);
      expect(await balanceOf(db, users[1])).toBe(700);
      const found = await new ReferenceLibrary(db).loadDocuments(['lib-1', 'lib-2']);
      expect(found.map((d) => d.title).sort()).toEqual(['人工智能与学术写作', '论文查重的原理']);
      // Sequences go on where they stood: a new ledger entry gets the next number, not one already used.
      await grant(db, users[0], 1);
      const seqs = await db.sql<{ seq: string }>('select seq::text as seq from ledger_entries order by seq');
      expect(new Set(seqs.map((s) => s.seq)).size).toBe(seqs.length);
    } finally {
      await db.close();
    }
  });

  it('refuses a data directory that holds a database unless told, then keeps the old one aside', async () => {
    const occupied = join(root, 'occupied');
    mkdirSync(join(occupied, 'pglite'), { recursive: true });
    writeFileSync(join(occupied, 'pglite', 'PG_VERSION'), '17\n');
    await expect(restoreBackup(file, occupied)).rejects.toThrow(/已有数据库.*--force/);
    const restored = await restoreBackup(file, occupied, { force: true });
    expect(restored.setAside).toMatch(/pglite\.before-restore-/);
    const kept = await openDatabase({ dataDir: occupied, skipMigrations: true });
    try {
      expect((await kept.sql<{ n: number }>('select count(*)::int as n from users'))[0].n).toBe(2);
    } finally {
      await kept.close();
    }
    expect(readFileSync(join(restored.setAside!, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('refuses while a server holds the data directory', async () => {
    await expect(restoreBackup(file, join(root, 'source'), { force: true })).rejects.toThrow(/正被进程 \d+ 使用：请先停止服务/);
  });

  it('refuses a file that is not a backup, or one cut short, and leaves the directory empty', async () => {
    const junk = join(root, 'junk.gz');
    writeFileSync(junk, 'not gzip');
    await expect(restoreBackup(junk, join(root, 'j1'))).rejects.toThrow(/不是墨研的数据库备份/);
    const cut = join(root, 'cut.gz');
    const header = JSON.stringify({ format: 'moyan-backup', version: 1, migrations: migrationTimes(), createdAt: '' });
    writeFileSync(cut, gzipSync(`H\t${header}\nT\t"users"\n`));
    await expect(restoreBackup(cut, join(root, 'j2'))).rejects.toThrow(/不完整/);
    expect(existsSync(join(root, 'j2', 'pglite.restoring'))).toBe(false);
    const newer = join(root, 'newer.gz');
    const future = JSON.stringify({ format: 'moyan-backup', version: 1, migrations: [...migrationTimes(), 9_999_999_999_999], createdAt: '' });
    writeFileSync(newer, gzipSync(`H\t${future}\n`));
    await expect(restoreBackup(newer, join(root, 'j3'))).rejects.toThrow(/另一版本/);
  });
});

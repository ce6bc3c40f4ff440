import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Executor } from './client';
import { claimDataDir } from './client';
import { migrateEmbedded, migrationTimes, withMigrationsUpTo } from './migrate';

// A backup of the embedded database is a gzip of lines, each a kind, a tab and JSON: H the header (format,
// the migrations applied, when), T a table's name, R one of its rows as row_to_json gives it
// (kept as text so numbers and bytea come back exactly), S the sequences, E the end with the counts (a file
// without it was cut short). A logical dump rather than a copy of the files: it is taken in one transaction
// through whatever connection the CLI has, the server's socket included, so it is consistent while the server runs.
const FORMAT = 'moyan-backup';
const VERSION = 1;
const FETCH_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;
const PUBLIC_TABLES = `select tablename as name from pg_tables where schemaname = 'public' order by tablename`;

interface Header {
  format: string;
  version: number;
  /** created_at of every migration applied, in order. */
  migrations: number[];
  createdAt: string;
}

interface Sequence {
  name: string;
  value: string | null;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  migrations: number;
}

/** Writes a consistent dump of the database to `file` (first to `file.partial`, renamed when complete). */
export async function writeBackup(db: Executor, file: string, now = new Date()): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (kind: string, text: string) => {
    if (!gzip.write(`${kind}\t${text}\n`)) await once(gzip, 'drain');
  };
  try {
    const summary = await db.transaction(async (tx) => {
      await tx.sql('set transaction isolation level repeatable read');
      const applied = await tx.sql<{ at: string }>('select created_at::text as at from drizzle.__drizzle_migrations order by created_at');
      const migrations = applied.map((m) => Number(m.at));
      const header: Header = { format: FORMAT, version: VERSION, migrations, createdAt: now.toISOString() };
      await write('H', JSON.stringify(header));
      let rows = 0;
      const tables = (await tx.sql<{ name: string }>(PUBLIC_TABLES)).map((t) => t.name);
      for (const table of tables) {
        await write('T', JSON.stringify(table));
        await tx.sql(`declare moyan_backup no scroll cursor for select row_to_json(t)::text as r from public.${ident(table)} t`);
        for (;;) {
          const batch = await tx.sql<{ r: string }>(`fetch ${FETCH_ROWS} from moyan_backup`);
          for (const { r } of batch) await write('R', r);
          rows += batch.length;
          if (batch.length < FETCH_ROWS) break;
        }
        await tx.sql('close moyan_backup');
      }
      const sequences = await tx.sql<Sequence>(
        `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
      );
      await write('S', JSON.stringify(sequences));
      await write('E', JSON.stringify({ tables: tables.length, rows }));
      return { tables: tables.length, rows, migrations: migrations.length };
    });
    gzip.end();
    await written;
    renameSync(partial, file);
    return summary;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  }
}

export interface RestoreResult extends BackupSummary {
  /** Where the database that was in DATA_DIR went (with --force), or null. */
  setAside: string | null;
}

/**
 * Builds the embedded database of `dataDir` from a backup: the schema the backup was taken with, its rows and
 * sequences, then this release's later migrations. Refuses a data directory that holds a database unless `force`,
 * which moves that database aside (never deletes it); refuses one a running server holds.
 */
export async function restoreBackup(file: string, dataDir: string, options: { force?: boolean; now?: Date } = {}): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`找不到备份文件 ${file}`);
  const target = join(dataDir, 'pglite');
  const hasDatabase = existsSync(target) && readdirSync(target).length > 0;
  if (hasDatabase && !options.force) {
    throw new Error(`数据目录 ${dataDir} 中已有数据库；恢复会替换它。确认替换请加 --force（原数据库会被移到一旁保留，不会删除）`);
  }
  mkdirSync(target, { recursive: true });
  const claim = claimDataDir(target);
  if ('busyPid' in claim) throw new Error(`数据目录 ${dataDir} 正被进程 ${claim.busyPid} 使用：请先停止服务再恢复`);
  const building = `${target}.restoring`;
  try {
    rmSync(building, { recursive: true, force: true });
    const summary = await loadInto(building, file);
    let setAside: string | null = null;
    if (hasDatabase) {
      setAside = `${target}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, setAside);
    } else {
      rmSync(target, { recursive: true, force: true });
    }
    renameSync(building, target);
    return { ...summary, setAside };
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    claim.unlock();
  }
}

async function loadInto(dir: string, file: string): Promise<BackupSummary> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next().catch(() => null);
  const header = !first || first.done ? null : parse<Header>(first.value, 'H');
  if (header?.format !== FORMAT || header.version !== VERSION) throw new Error(`${file} 不是墨研的数据库备份（由 npm run cli -- db backup 生成）`);
  const ours = migrationTimes();
  if (header.migrations.length > ours.length || header.migrations.some((at, i) => at !== ours[i])) {
    throw new Error(`备份来自另一版本的墨研（${header.migrations.length} 个迁移，本版本 ${ours.length} 个且前者不全在其中）：请用生成它的版本或更新的版本恢复`);
  }
  const client = await PGlite.create(dir);
  try {
    await withMigrationsUpTo(header.migrations.length, (folder) => migrateEmbedded(client, folder));
    let tables = 0;
    let rows = 0;
    let ended = false;
    await client.transaction(async (tx) => {
      // Rows go in as they were, in any table order: foreign keys and triggers are off for this transaction.
      await tx.exec("set local session_replication_role = 'replica'");
      const existing = (await tx.query<{ name: string }>(PUBLIC_TABLES)).rows;
      if (existing.length) await tx.exec(`truncate ${existing.map((t) => `public.${ident(t.name)}`).join(', ')} restart identity`);
      let table: string | null = null;
      let batch: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (!table || !batch.length) return;
        await tx.query(
          `insert into public.${ident(table)} overriding system value select * from json_populate_recordset(null::public.${ident(table)}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        batch = [];
        bytes = 0;
      };
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        const line = next.value;
        const kind = line.slice(0, 1);
        const text = line.slice(2);
        if (kind === 'R') {
          batch.push(text);
          bytes += text.length;
          rows++;
          if (batch.length >= FETCH_ROWS || bytes >= INSERT_BYTES) await flush();
        } else if (kind === 'T') {
          await flush();
          table = JSON.parse(text) as string;
          tables++;
        } else if (kind === 'S') {
          await flush();
          for (const sequence of JSON.parse(text) as Sequence[]) {
            if (sequence.value !== null) await tx.query('select setval($1::regclass, $2::bigint, true)', [sequence.name, sequence.value]);
          }
        } else if (kind === 'E') {
          const counted = JSON.parse(text) as { tables: number; rows: number };
          if (counted.tables !== tables || counted.rows !== rows) throw new Error(`备份文件 ${file} 内容不完整`);
          ended = true;
        }
      }
      if (!ended) throw new Error(`备份文件 ${file} 不完整（缺少结尾，可能在写入时中断）`);
    });
    await migrateEmbedded(client);
    return { tables, rows, migrations: header.migrations.length };
  } finally {
    await client.close();
  }
}

function parse<T>(line: string, kind: string): T | null {
  if (!line.startsWith(`${kind}\t`)) return null;
  try {
    return JSON.parse(line.slice(2)) as T;
  } catch {
    return null;
  }
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

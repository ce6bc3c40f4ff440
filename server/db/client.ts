import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql as drizzleSql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { dataDirProblem, StartupRefusal } from '../process/refusal';
import { type CopyDriver, type CopyOptions, copyRows } from './copy';
import { type LibraryReads, libraryReads } from './library-reads';
import { type ListenHandlers, listenOn } from './listen';
import { migrateEmbedded, migratePostgres } from './migrate';
import { SOCKET_PORT, serveOnSocket, socketAvailable, socketDirOf } from './socket-bridge';

export type Orm = PgDatabase<PgQueryResultHKT>;
export type Engine = 'pglite' | 'postgres';

// What services receive: the whole database or an open transaction, with the same three members.
// Raw rows come back as the driver gives them except timestamps, which stay ISO-like strings;
// `count(*)` and other bigint results are strings on `pg`, so cast them in SQL (count(*)::int).
export interface Executor {
  orm: Orm;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * COPY `rows` (pieces of COPY's text format, each whole lines; fields from copyField) into `table`'s `columns`, in a transaction
   * of its own unless this is one. Absent on the embedded database reached through the CLI's socket (its server
   * takes no COPY data): insert the rows instead. `freeze` (COPY … FREEZE, see CopyOptions) needs a transaction that
   * truncated the table first.
   */
  copyRows?(table: string, columns: string[], rows: string[], options?: CopyOptions): Promise<void>;
  /**
   * The database itself (never a transaction) opened with `libraryReadUrl`: where the reference library's lookups
   * go (server/db/library-reads.ts). Absent: they read here, as everything else does.
   */
  libraryReads?: LibraryReads;
}

export interface Database extends Executor {
  engine: Engine;
  /**
   * PostgreSQL only: NOTIFYs on `channel` from every process on the database, until `close` (server/db/listen.ts).
   * The embedded database serves one process, which needs no messages from others.
   */
  listen?(channel: string, handlers: ListenHandlers): void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** Directory of the embedded PGlite database (its files live in <dataDir>/pglite). Default ./data */
  dataDir?: string;
  /** In-memory PGlite, for tests. */
  memory?: boolean;
  /**
   * In-memory only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one.
   * Tests start from a migrated template: PGlite's initdb takes about 3 s, loading a dump about 0.6 s.
   */
  loadDataDir?: Blob;
  /** Skip the migrations (the CLI's `db migrate` runs them explicitly). Default false. */
  skipMigrations?: boolean;
  /** Pool size for PostgreSQL. Default 10. */
  poolSize?: number;
  /** PostgreSQL only: a streaming replica of databaseUrl for the reference library's lookups (LIBRARY_READ_DATABASE_URL). */
  libraryReadUrl?: string;
  /** How long a check waits for the replica to replay what the primary has committed before reading the primary. Default 1000. */
  libraryReadWaitMs?: number;
  /**
   * The server: also serve the embedded database on a unix socket in DATA_DIR, for the CLI.
   * The CLI: when a live server holds DATA_DIR, connect through that socket instead of failing.
   */
  socket?: 'serve' | 'connect-when-busy';
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  return options.databaseUrl && !options.memory ? openPostgres(options) : openPglite(options);
}

async function migrated(db: Database, migrate: () => Promise<void>, skip?: boolean): Promise<Database> {
  if (skip) return db;
  try {
    await migrate();
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let client: PGlite;
  let unlock: () => void = () => undefined;
  let stopServing: () => Promise<void> = async () => undefined;
  if (options.memory) {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  } else {
    const dataDir = options.dataDir ?? './data';
    const dir = join(dataDir, 'pglite');
    let claim: ReturnType<typeof claimDataDir>;
    try {
      assertWritable(dataDir);
      mkdirSync(dir, { recursive: true });
      claim = claimDataDir(dir);
    } catch (error) {
      throw dataDirProblem(error, dataDir);
    }
    if ('busyPid' in claim) {
      if (options.socket === 'connect-when-busy' && socketAvailable(dataDir)) return openThroughSocket(dataDir);
      throw new StartupRefusal(
        `数据目录 ${dir} 正被进程 ${claim.busyPid} 使用，且没有可连接的本地套接字；请先停止该进程，或改用其他 DATA_DIR`,
      );
    }
    unlock = claim.unlock;
    try {
      client = await PGlite.create(dir);
    } catch (error) {
      unlock();
      throw dataDirProblem(error, dataDir);
    }
    if (options.socket === 'serve') {
      const bridge = await serveOnSocket(client, dataDir);
      if (bridge) stopServing = bridge.close;
      else console.warn(`数据目录路径过长，无法提供本地套接字：服务运行时 npm run cli 无法使用该目录（${dataDir}）`);
    }
  }
  const orm = drizzlePglite(client) as unknown as Orm;
  const db: Database = {
    ...executorFor(orm, 'pglite'),
    engine: 'pglite',
    close: async () => {
      await stopServing();
      if (!client.closed) await client.close();
      unlock();
    },
  };
  return migrated(db, () => migrateEmbedded(client), options.skipMigrations);
}

// The server that holds DATA_DIR has applied the migrations; its socket speaks PostgreSQL, so the
// connection is a node-postgres pool of one (the database is one session: more would only queue).
function openThroughSocket(dataDir: string): Promise<Database> {
  const pool = new pg.Pool({ host: socketDirOf(dataDir), port: SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1 });
  return openPool(pool, 'pglite', { skipMigrations: true });
}

// A directory that cannot be written says so here, in its own words, rather than as whatever creating a
// missing directory under it happens to report (ENOENT on a read-only mount).
function assertWritable(dataDir: string): void {
  let dir = resolve(dataDir);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  accessSync(dir, constants.W_OK);
}

// The embedded database is single-process: a second server (or a worker) on the same DATA_DIR would
// corrupt it, so the directory is claimed with a pid file; a stale one (its process is gone) is taken over.
export function claimDataDir(dir: string): { unlock: () => void } | { busyPid: number } {
  const lockFile = join(dir, '..', 'moyan.pid');
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && isAlive(pid)) return { busyPid: pid };
      rmSync(lockFile, { force: true });
    }
  }
  return { unlock: () => rmSync(lockFile, { force: true }) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// JIT compilation off for the app's sessions: its statements are short, and a plan whose cost is overestimated (a
// library lookup at 1 000 M characters) spent a quarter of its time compiling (275 of 1 110 ms). node-postgres reads
// PGOPTIONS only when no options are given, so the operator's are kept here; `options` in a URL still replaces both.
const SESSION_SETTINGS = [process.env.PGOPTIONS, '-c jit=off'].filter(Boolean).join(' ');

async function openPostgres(options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, options: SESSION_SETTINGS });
  const db = await openPool(pool, 'postgres', options);
  if (!options.libraryReadUrl) return db;
  const waitMs = options.libraryReadWaitMs ?? 1000;
  // A replica that does not answer must not hold a check longer than its lag would.
  const replicaPool = new pg.Pool({
    connectionString: options.libraryReadUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: Math.max(1000, waitMs),
    options: SESSION_SETTINGS,
  });
  replicaPool.on('error', () => undefined);
  const reads = libraryReads(db, { ...executorFor(drizzleNodePg(replicaPool) as unknown as Orm, null), close: () => replicaPool.end() }, waitMs);
  try {
    await reads.verify();
  } catch (error) {
    await Promise.all([reads.close(), db.close()]);
    throw error;
  }
  return {
    ...db,
    libraryReads: reads,
    close: async () => {
      await Promise.all([reads.close(), db.close()]);
    },
  };
}

async function openPool(pool: pg.Pool, engine: Engine, options: Pick<OpenOptions, 'skipMigrations'>): Promise<Database> {
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const orm = drizzleNodePg(pool) as unknown as Orm;
  let closed = false;
  const listeners: Array<{ close(): Promise<void> }> = [];
  const db: Database = {
    // Through the embedded database's socket (engine 'pglite' here) no COPY data is taken.
    ...executorFor(orm, engine === 'postgres' ? 'node-postgres' : null),
    engine,
    ...(engine === 'postgres' ? { listen: (channel: string, handlers: ListenHandlers) => void listeners.push(listenOn(pool.options, channel, handlers)) } : {}),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all(listeners.map((listener) => listener.close()));
      await pool.end();
    },
  };
  return migrated(db, () => migratePostgres(pool), options.skipMigrations);
}

function executorFor(orm: Orm, copy: CopyDriver | null, inTransaction = false): Executor {
  const executor: Executor = {
    orm,
    sql: async <T>(text: string, params: unknown[] = []) => {
      const result = (await orm.execute(toSql(text, params))) as unknown as { rows: T[] };
      return result.rows;
    },
    transaction: (fn) => orm.transaction((tx) => fn(executorFor(tx as unknown as Orm, copy, true))),
  };
  if (!copy) return executor;
  return {
    ...executor,
    copyRows: inTransaction
      ? (table, columns, rows, options) => copyRows(copy, orm, table, columns, rows, options)
      : (table, columns, rows, options) => executor.transaction((tx) => tx.copyRows!(table, columns, rows, options)),
  };
}

// Turns `select ... where id = $1` plus params into a drizzle SQL object, so raw SQL runs through the
// same session (and the same transaction) as the query builder.
export function toSql(text: string, params: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= params.length) throw new Error(`SQL parameter $${match[1]} has no value`);
    chunks.push(drizzleSql.raw(text.slice(last, match.index)), drizzleSql`${params[index]}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(drizzleSql.raw(text.slice(last)));
  return drizzleSql.join(chunks);
}

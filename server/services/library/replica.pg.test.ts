import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, databaseOptions, loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { tasks } from '../../db/schema/tasks';
import { fixture } from '../../engines/similarity/fixtures/load';
import { job } from '../../jobs/check';
import { registry } from '../../metrics/registry';
import { StartupRefusal } from '../../process/refusal';
import { testConfig, testRuntime } from '../../test/app';
import { createTestDatabase, queryOnce as query } from '../../test/database';
import { depsFor, makeUser } from '../../test/fixtures';
import { startStreamingReplica, type StreamingReplica } from '../../test/streaming-replica';
import { initCheck } from '../check/drafts';
import { ReferenceLibrary } from './library';

// LIBRARY_READ_DATABASE_URL on a real streaming replica this test starts (pg_basebackup -R of TEST_DATABASE_URL's
// server): imports go to the primary, a check's lookups to the replica once it has replayed them, and a replica
// that lags or is down makes the check read the primary, never report a copy as 0 %.

const A = fixture('source-a.txt');
const B = fixture('source-b.txt');
const OWN = fixture('own-words.txt');

/** Index and sequential scans of the fingerprint table counted by the server `url` names. */
async function fingerprintScans(url: string): Promise<number> {
  const [row] = await query<{ scans: number }>(
    url,
    `select pg_stat_clear_snapshot(), (coalesce(idx_scan, 0) + coalesce(seq_scan, 0))::int as scans
     from pg_stat_user_tables where relname = 'library_fingerprints'`,
  );
  return row.scans;
}

async function libraryReads(server: string, reason: string): Promise<number> {
  const metric = await registry.getSingleMetric('moyan_library_reads_total')!.get();
  return metric.values.find((v) => v.labels.server === server && v.labels.reason === reason)?.value ?? 0;
}

describe('library lookups on a streaming replica (LIBRARY_READ_DATABASE_URL)', () => {
  let primaryUrl: string;
  let replicaUrl: string;
  let dropDatabase: () => Promise<void> = async () => undefined;
  let replica: StreamingReplica | undefined;
  let config: Config;

  beforeAll(async () => {
    const fresh = await createTestDatabase(process.env.TEST_DATABASE_URL);
    primaryUrl = fresh.url;
    dropDatabase = fresh.drop;
    replica = await startStreamingReplica(primaryUrl);
    replicaUrl = replica.urlOf(primaryUrl);
    config = testConfig({ DATABASE_URL: primaryUrl, LIBRARY_READ_DATABASE_URL: replicaUrl, LIBRARY_READ_WAIT_MS: 300 });
  });

  afterAll(async () => {
    await replica?.remove();
    await dropDatabase();
  });

  /** A check of `content` run by the check job on `db`: its stored figures and sources. */
  async function check(db: Database, content: string, addToLibrary = false) {
    const runtime = testRuntime(db, { config });
    const userId = await makeUser(db, { qrSignup: true });
    const task = await initCheck({ ...depsFor(db), config }, userId, { title: '副本查重', content });
    await db.sql('update checks set add_to_library = $2 where task_id = $1', [task.id, addToLibrary]);
    const [row] = await db.orm.select().from(tasks).where(eq(tasks.id, task.id));
    await job.handler({
      ...runtime,
      task: row,
      signal: new AbortController().signal,
      progress: async () => undefined,
      checkpoint: async () => undefined,
    });
    const [stored] = await db.sql<{ figures: { totalRatio: number; sourceCount: number }; report: { sources: Array<{ id: string }> } }>(
      'select figures, report from checks where task_id = $1',
      [task.id],
    );
    return { ...stored.figures, sources: stored.report.sources.map((s) => s.id) };
  }

  it('refuses a read URL that is not a replica of DATABASE_URL', async () => {
    expect(() => loadConfig({ LIBRARY_READ_DATABASE_URL: replicaUrl })).toThrow(/LIBRARY_READ_DATABASE_URL: a replica of DATABASE_URL/);
    const open = (libraryReadUrl: string) => openDatabase({ databaseUrl: primaryUrl, libraryReadUrl });
    await expect(open(primaryUrl)).rejects.toThrow(StartupRefusal);
    await expect(open(primaryUrl)).rejects.toThrow(/一个可写的服务器/);
    const otherDatabase = new URL(replicaUrl);
    otherDatabase.pathname = '/postgres';
    await expect(open(otherDatabase.toString())).rejects.toThrow(/另一个集群或数据库/);
  });

  it('imports on the primary, and a check reads the copy from the replica once it has replayed it', async () => {
    const db = await openDatabase(databaseOptions(config));
    await new ReferenceLibrary(db).addDocuments([{ id: 'lib-a', title: '文献甲', text: A }]);
    await replica!.caughtUp(primaryUrl);
    const scans = { replica: await fingerprintScans(replicaUrl), primary: await fingerprintScans(primaryUrl) };
    const replicaReads = await libraryReads('replica', 'caught-up');

    const figures = await check(db, `${OWN}\n${A}`, true);
    await db.close(); // its connections end, and each server counts their scans

    expect(figures.sources).toEqual(['lib-a']);
    expect(figures.totalRatio).toBeGreaterThan(0.5);
    expect(await libraryReads('replica', 'caught-up')).toBe(replicaReads + 1);
    // The candidate search scanned the replica's fingerprint table, and not the primary's.
    await expect.poll(() => fingerprintScans(replicaUrl), { timeout: 15_000 }).toBeGreaterThan(scans.replica);
    expect(await fingerprintScans(primaryUrl)).toBe(scans.primary);
    // Writes stay on the primary: the checked paper joined 本校库 there (and reached the replica by replication).
    expect(await query(primaryUrl, `select count(*)::int as n from library_documents where origin = 'submission'`)).toEqual([{ n: 1 }]);
  });

  it('opens its sessions on the primary and on the replica with JIT compilation off', async () => {
    const db = await openDatabase(databaseOptions(config));
    try {
      const setting = `select pg_is_in_recovery() as replica, current_setting('jit') as jit`;
      expect(await db.sql(setting)).toEqual([{ replica: false, jit: 'off' }]);
      await replica!.caughtUp(primaryUrl);
      expect(await db.libraryReads!.session().sql(setting)).toEqual([{ replica: true, jit: 'off' }]);
    } finally {
      await db.close();
    }
  });

  it('a replica behind the primary: the check waits, then reads the primary and finds what was just imported', async () => {
    await replica!.caughtUp(primaryUrl);
    await replica!.configure('recovery_min_apply_delay', '1h');
    await expect
      .poll(async () => (await query<{ setting: string }>(replicaUrl, `select setting from pg_settings where name = 'recovery_min_apply_delay'`))[0].setting)
      .toBe('3600000');
    const db = await openDatabase(databaseOptions(config));
    try {
      await new ReferenceLibrary(db).addDocuments([{ id: 'lib-b', title: '文献乙', text: B }]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await query(replicaUrl, `select id from library_documents where id = 'lib-b'`)).toEqual([]);
      const lagging = await libraryReads('primary', 'lagging');

      const figures = await check(db, B);

      expect(figures.sources).toEqual(['lib-b']);
      expect(figures.totalRatio).toBeGreaterThan(0.5);
      expect(await libraryReads('primary', 'lagging')).toBe(lagging + 1);
    } finally {
      await db.close();
      await replica!.configure('recovery_min_apply_delay', '0');
    }
    await replica!.caughtUp(primaryUrl);
    expect(await query(replicaUrl, `select id from library_documents where id = 'lib-b'`)).toEqual([{ id: 'lib-b' }]);
  });

  it('a replica that is down: the check reads the primary', async () => {
    const db = await openDatabase(databaseOptions(config));
    try {
      await replica!.stop();
      const unreachable = await libraryReads('primary', 'unreachable');

      const figures = await check(db, `${A}\n${B}`);

      expect(figures.sources).toContain('lib-b');
      expect(figures.totalRatio).toBeGreaterThan(0.9);
      expect(await libraryReads('primary', 'unreachable')).toBe(unreachable + 1);
    } finally {
      await db.close();
    }
  });
});

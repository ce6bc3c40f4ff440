import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { queryOnce as query } from './database';
import { freePort } from './process';

const run = promisify(execFile);

/** A streaming replica of a PostgreSQL server, started by a test (pg_basebackup -R into a temporary directory). */
export interface StreamingReplica {
  /** The same database as `primaryUrl` on the replica. */
  urlOf(primaryUrl: string): string;
  /** Waits until the replica has replayed everything the primary of `primaryUrl` has written. */
  caughtUp(primaryUrl: string, timeoutMs?: number): Promise<void>;
  /** Sets a server setting in the replica's postgresql.conf and reloads it (e.g. recovery_min_apply_delay). */
  configure(setting: string, value: string): Promise<void>;
  stop(): Promise<void>;
  /** Stops the replica if it runs and removes its directory. */
  remove(): Promise<void>;
}

// Debian's server binaries, newest version first, as scripts/ci-postgres.sh finds them.
function serverBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql: run scripts/ci-postgres.sh');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

// PostgreSQL refuses to run as root: as root (CI), the server binaries run as the postgres user.
async function sh(command: string): Promise<string> {
  const root = process.getuid?.() === 0;
  const { stdout } = await run(root ? 'su' : 'sh', root ? ['postgres', '-s', '/bin/sh', '-c', command] : ['-c', command], { timeout: 120_000 });
  return stdout;
}

/**
 * Starts a streaming replica of the server `serverUrl` names, on a free loopback port. Its role needs the REPLICATION
 * attribute (scripts/ci-postgres.sh gives it); without it this fails saying how to give it.
 */
export async function startStreamingReplica(serverUrl: string): Promise<StreamingReplica> {
  const [role] = await query<{ name: string; replication: boolean }>(
    serverUrl,
    'select rolname as name, rolreplication as replication from pg_roles where rolname = current_user',
  );
  if (!role.replication) {
    throw new Error(
      `This test starts a streaming replica of TEST_DATABASE_URL's server, and its role ${role.name} may not replicate: ` +
        `as a superuser run "alter role ${role.name} replication" (scripts/ci-postgres.sh does), and let pg_hba.conf take ` +
        `replication connections from 127.0.0.1 (initdb's default does)`,
    );
  }
  const bin = serverBin();
  const dir = mkdtempSync(join(tmpdir(), 'moyan-replica-'));
  const data = join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) await run('chown', ['postgres', dir]);
  chmodSync(dir, 0o700);
  let running = false;
  const ctl = (action: string) => sh(`${quote(`${bin}/pg_ctl`)} -D ${quote(data)} ${action}`);
  const replica: StreamingReplica = {
    urlOf(primaryUrl) {
      const url = new URL(primaryUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async caughtUp(primaryUrl, timeoutMs = 30_000) {
      const [{ lsn }] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [state] = await query<{ replayed: boolean }>(replica.urlOf(primaryUrl), 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as replayed', [lsn]);
        if (state.replayed) return;
        if (Date.now() > deadline) throw new Error(`the replica did not replay the primary's WAL up to ${lsn} within ${timeoutMs} ms`);
        await sleep(20);
      }
    },
    async configure(setting, value) {
      await sh(`echo ${quote(`${setting} = '${value}'`)} >> ${quote(join(data, 'postgresql.conf'))}`);
      await ctl('reload');
    },
    async stop() {
      if (!running) return;
      running = false;
      await ctl('-m fast -w stop');
    },
    async remove() {
      await replica.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    const source = new URL(serverUrl);
    source.searchParams.set('application_name', 'moyan-test-replica');
    await sh(`${quote(`${bin}/pg_basebackup`)} -d ${quote(source.toString())} -D ${quote(data)} -R -X stream -c fast`);
    await ctl(`-l ${quote(join(dir, 'server.log'))} -w -o ${quote(`-h 127.0.0.1 -p ${port} -k ${dir}`)} start`);
    running = true;
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await query(replica.urlOf(serverUrl), 'select 1');
        return replica;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  } catch (error) {
    await replica.remove();
    throw error;
  }
}

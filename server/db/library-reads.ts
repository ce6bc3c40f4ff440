import { setTimeout as sleep } from 'node:timers/promises';
import { observeLibraryReads } from '../metrics/registry';
import { StartupRefusal } from '../process/refusal';

/** What a library lookup runs its SQL on (an Executor's `sql`). */
export interface SqlReader {
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Why a library's lookups went where they did (the metric's `reason`). */
export type LibraryReadReason = 'caught-up' | 'lagging' | 'unreachable' | 'not-a-replica' | 'failed';

/**
 * LIBRARY_READ_DATABASE_URL: a streaming replica of DATABASE_URL that takes the reference library's lookups.
 * `session()` is one library's view (one check): at its first lookup it asks the primary for its WAL position
 * and reads from the replica once the replica has replayed up to it (at most `waitMs`), so every document
 * committed before the check started is a candidate, exactly as on the primary. A replica that lags longer, is
 * down, is not a replica of this database, or fails a query: the session reads from the primary instead.
 */
export interface LibraryReads {
  session(): SqlReader;
  /** Refuses a replica of another server or database; a replica that cannot be reached now is left to the sessions. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

interface Identity {
  system: string;
  database: string;
}

const IDENTITY = `(select system_identifier::text from pg_control_system()) as system, current_database() as database`;
const POLL_MS = 10;

export function libraryReads(primary: SqlReader, replica: SqlReader & { close(): Promise<void> }, waitMs: number): LibraryReads {
  const sameDatabase = (a: Identity, b: Identity) => a.system === b.system && a.database === b.database;

  // Where a session reads: the replica once it holds everything the primary had committed when asked.
  async function choose(): Promise<{ reader: SqlReader; reason: LibraryReadReason }> {
    const [position] = await primary.sql<Identity & { lsn: string }>(`select pg_current_wal_lsn()::text as lsn, ${IDENTITY}`);
    const deadline = Date.now() + waitMs;
    for (;;) {
      let state: Identity & { replaying: boolean; caught_up: boolean | null };
      try {
        [state] = await replica.sql(
          `select ${IDENTITY}, pg_is_in_recovery() as replaying, pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up`,
          [position.lsn],
        );
      } catch {
        return { reader: primary, reason: 'unreachable' };
      }
      if (!sameDatabase(state, position) || !state.replaying) return { reader: primary, reason: 'not-a-replica' };
      if (state.caught_up) return { reader: replica, reason: 'caught-up' };
      if (Date.now() >= deadline) return { reader: primary, reason: 'lagging' };
      await sleep(POLL_MS);
    }
  }

  let closing: Promise<void> | undefined;
  return {
    session() {
      let chosen: Promise<SqlReader> | undefined;
      const pick = () =>
        (chosen ??= choose().then(({ reader, reason }) => {
          observeLibraryReads(reader === replica ? 'replica' : 'primary', reason);
          return reader;
        }));
      return {
        async sql<T>(text: string, params?: unknown[]): Promise<T[]> {
          const reader = await pick();
          if (reader === primary) return primary.sql<T>(text, params);
          try {
            return await replica.sql<T>(text, params);
          } catch {
            // Down since, or a query cancelled by replay (conflict with recovery): the rest of this view reads the primary.
            chosen = Promise.resolve(primary);
            observeLibraryReads('primary', 'failed');
            return primary.sql<T>(text, params);
          }
        },
      };
    },

    async verify() {
      const [mine] = await primary.sql<Identity>(`select ${IDENTITY}`);
      let theirs: Identity & { replaying: boolean };
      try {
        [theirs] = await replica.sql(`select ${IDENTITY}, pg_is_in_recovery() as replaying`);
      } catch {
        return;
      }
      if (!sameDatabase(mine, theirs) || !theirs.replaying) {
        throw new StartupRefusal(
          `LIBRARY_READ_DATABASE_URL 必须指向 DATABASE_URL 的流复制只读副本（同一集群、同一数据库 ${mine.database}、处于恢复状态），` +
            `而它指向的是 ${theirs.replaying ? '另一个集群或数据库' : '一个可写的服务器'}（数据库 ${theirs.database}）；请修正或删除该设置`,
        );
      }
    },

    close: () => (closing ??= replica.close()),
  };
}
